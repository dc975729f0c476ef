import { eventResponse } from '@backlay/contract/admin'
import { riskResponse } from '@backlay/contract/admin-risk'
import { saveBetResponse } from '@backlay/contract/bets'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  adminCaller,
  call,
  ledgerTotal,
  moneyOf,
  newPlayer,
} from '../../../../markets/test-support'
import { DEV_OPERATOR } from '../../../../seed/seed-dev-data'
import { buildTestApp, manualClock, type TestApp } from '../../../../test/test-app'

/** Booting the app (PGlite, migrations, seed, feed) takes minutes when the machine is busy. */
const BOOT_TIMEOUT_MS = 180_000

describe('operator markets: create, quote, risk, result, correction', () => {
  let t: TestApp
  let adminCall: Awaited<ReturnType<typeof adminCaller>>
  const clock = manualClock('2026-11-23T10:00:00Z')

  beforeAll(async () => {
    t = await buildTestApp({ clock })
    adminCall = await adminCaller(t.app)
  }, BOOT_TIMEOUT_MS)
  afterAll(() => t.close())

  async function cricketMatch() {
    const created = await adminCall('POST', 'events', {
      sportId: '4',
      competitionName: 'Back Office Cup',
      name: 'Alpha v Beta',
      startTime: '2026-11-23T12:00:00Z',
      markets: [
        {
          kind: 'MATCH_ODDS',
          name: 'Match Odds',
          runners: ['Alpha', 'Beta'],
          betDelaySeconds: 0,
          minStake: 100,
          maxStake: 100_000,
          maxProfit: 1_000_000,
        },
      ],
    })
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    const event = eventResponse.parse(created.body).data
    const market = event.marketDetails[0]
    if (!market) throw new Error('no market created')
    expect(market).toMatchObject({ status: 'SUSPENDED', kind: 'MATCH_ODDS', betDelaySeconds: 0 })
    const priced = await adminCall('POST', `markets/${market.id}/prices`, {
      runners: [
        { selectionId: '1', back: 2, lay: 2.02, size: 10_000 },
        { selectionId: '2', back: 2, lay: 2.02, size: 10_000 },
      ],
    })
    expect(priced.status, JSON.stringify(priced.body)).toBe(200)
    const opened = await adminCall('POST', `markets/${market.id}/status`, { status: 'OPEN' })
    expect(opened.status).toBe(200)
    return { event, marketId: market.id }
  }

  it('lists the created event by sport, status and name', async () => {
    const { event } = await cricketMatch()
    const found = await adminCall('GET', 'events?sportId=4&status=UPCOMING&search=alpha%20v')
    expect(found.body.data).toMatchObject({
      total: 1,
      list: [{ id: event.id, name: 'Alpha v Beta' }],
    })
  })

  it('refuses bets while suspended, shows a matched back in the risk view, settles exactly once', async () => {
    const { marketId } = await cricketMatch()
    const player = await newPlayer(t.app, { rupees: 10_000 })
    const back = (stack: number) =>
      call(t.app, player.token, 'POST', 'bet/saveBet', {
        is_back: 1,
        market_id: marketId,
        odds: 2,
        selection_id: '1',
        stack,
      })

    await adminCall('POST', `markets/${marketId}/runners/1/status`, { status: 'SUSPENDED' })
    expect((await back(100)).status).toBeGreaterThanOrEqual(400)
    await adminCall('POST', `markets/${marketId}/runners/1/status`, { status: 'ACTIVE' })

    const placed = await back(100)
    expect(placed.status, JSON.stringify(placed.body)).toBe(200)
    expect(saveBetResponse.parse(placed.body).data).toMatchObject({ status: 'MATCHED' })

    const risk = riskResponse.parse((await adminCall('GET', `markets/${marketId}/risk`)).body).data
    expect(risk.runners).toEqual([
      { selectionId: '1', name: 'Alpha', housePl: -100, backStake: 100, layStake: 0 },
      { selectionId: '2', name: 'Beta', housePl: 100, backStake: 0, layStake: 0 },
    ])
    expect(risk.matchedVolume).toBe(100)
    expect(risk.topPlayers).toEqual([
      { userId: player.id, userName: expect.any(String), exposure: 100 },
    ])

    const declare = () =>
      adminCall('POST', `markets/${marketId}/result`, { winnerSelectionId: '1' })
    const [first, second] = await Promise.all([declare(), declare()])
    const statuses = [first.status, second.status].sort()
    expect(statuses).toEqual([200, 400])
    expect([first.body.code, second.body.code]).toContain('SETTLE.ALREADY_SETTLED')
    expect((await declare()).body.code).toBe('SETTLE.ALREADY_SETTLED')

    // ₹100 at 2.00 wins ₹100, less 2% commission.
    expect(await moneyOf(t.app, player.id)).toEqual({ cash: 1_009_800, exposure: 0 })
    const settledRows = await t.app.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('kind', '=', 'bet.settlement')
      .where(sql<boolean>`metadata @> ${JSON.stringify({ marketId })}::jsonb`)
      .execute()
    expect(settledRows).toHaveLength(1)
    const audit = (await adminCall('GET', `audit?targetType=market&targetId=${marketId}`)).body
      .data as {
      list: { action: string; actorName: string; after: { winnerSelectionId?: string } }[]
    }
    expect(audit.list.filter((e) => e.action === 'market.result')).toEqual([
      expect.objectContaining({
        actorName: DEV_OPERATOR.userName,
        after: expect.objectContaining({ winnerSelectionId: '1' }),
      }),
    ])

    const settled = await call(t.app, player.token, 'POST', 'bet/settledBets', { limit: 150 })
    expect(settled.body.data).toMatchObject({ total: 1 })

    // A wrong result is corrected once, with a reason: the win is taken back and the stake lost.
    const corrected = await adminCall('POST', `markets/${marketId}/correction`, {
      winnerSelectionId: '2',
      reason: 'Scorer error: Beta won',
    })
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200)
    expect(await moneyOf(t.app, player.id)).toEqual({ cash: 990_000, exposure: 0 })
    const again = await adminCall('POST', `markets/${marketId}/correction`, {
      winnerSelectionId: '2',
      reason: 'twice',
    })
    expect(again.body.msg).toBe('That is already the result.')
    const market = (await adminCall('GET', `markets/${marketId}`)).body.data as {
      winnerSelectionId: string
      runners: { status: string }[]
    }
    expect(market.winnerSelectionId).toBe('2')
    expect(market.runners.map((r) => r.status)).toEqual(['LOSER', 'WINNER'])
    const correction = (await adminCall('GET', `audit?targetType=market&targetId=${marketId}`)).body
      .data as { list: { action: string; reason: string | null }[] }
    expect(correction.list[0]).toMatchObject({
      action: 'market.correct-result',
      reason: 'Scorer error: Beta won',
    })
    expect(await ledgerTotal(t.app)).toBe(0)
  })

  it('edits delay, limits and in-play, audited with before and after', async () => {
    const { marketId } = await cricketMatch()
    const res = await adminCall('PATCH', `markets/${marketId}`, {
      betDelaySeconds: 3,
      maxStake: 50_000,
      inplay: true,
    })
    expect(res.body.data).toMatchObject({ betDelaySeconds: 3, maxStake: 50_000, inplay: true })
    const bad = await adminCall('PATCH', `markets/${marketId}`, { minStake: 60_000 })
    expect(bad.status).toBe(400)
    expect(bad.body.msg).toBe('Min stake cannot exceed max stake')
    const audit = (await adminCall('GET', `audit?targetType=market&targetId=${marketId}`)).body
      .data as {
      list: { action: string; before: { maxStake: number }; after: { maxStake: number } }[]
    }
    expect(audit.list[0]).toMatchObject({
      action: 'market.update',
      before: { maxStake: 100_000 },
      after: { maxStake: 50_000 },
    })
  })
})
