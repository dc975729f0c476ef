import { saveBetResponse } from '@backlay/contract/bets'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, manualClock, type TestApp } from '../test/test-app'
import { call, ledgerTotal, moneyOf, newPlayer, openMarket } from './test-support'

describe('200 simultaneous bets of one user', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ clock: manualClock('2026-11-23T10:00:00Z') })
  })
  afterAll(() => t.close())

  it('never take available below zero and every accepted bet is in the ledger', async () => {
    // Four markets, so the funds check must hold across market queues, not only within one.
    const markets = [
      await openMarket(t.app, 'MATCH_ODDS', { sportId: '4' }),
      await openMarket(t.app, 'MATCH_ODDS', { sportId: '1' }),
      await openMarket(t.app, 'MATCH_ODDS', { sportId: '2' }),
      await openMarket(t.app, 'WIN'),
    ]
    // ₹20,000 of risk (200 × ₹100 backs resting at 1000) against ₹10,000: half can be accepted.
    const player = await newPlayer(t.app, { rupees: 10_000 })
    let lowest = Number.POSITIVE_INFINITY
    let running = true
    const watch = (async () => {
      while (running) {
        lowest = Math.min(lowest, (await moneyOf(t.app, player.id)).cash)
        await new Promise((r) => setTimeout(r, 20))
      }
    })()
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => {
        const market = markets[i % markets.length]
        return call(t.app, player.token, 'POST', 'bet/saveBet', {
          is_back: 1,
          market_id: market?.id,
          odds: 1000,
          selection_id: market?.runners[i % 2]?.selection_id,
          stack: 100,
        })
      }),
    )
    running = false
    await watch

    const accepted = answers.filter((a) => a.status === 200)
    const refused = answers.filter((a) => a.status !== 200)
    expect(accepted).toHaveLength(100)
    expect(refused.every((r) => r.status === 409 && r.body.msg === 'Insufficient balance')).toBe(
      true,
    )
    expect(lowest).toBeGreaterThanOrEqual(0)
    expect(await moneyOf(t.app, player.id)).toEqual({ cash: 0, exposure: 1_000_000 })

    const betIds = accepted.map((a) => saveBetResponse.parse(a.body).data.bet_id)
    const inLedger = await t.app.db
      .selectFrom('ledger_transactions')
      .select(sql<string>`jsonb_array_elements_text(metadata->'betIds')`.as('bet_id'))
      .where('kind', '=', 'bet.exposure')
      .execute()
    const ledgerIds = new Set(inLedger.map((r) => r.bet_id))
    expect(betIds.every((id) => ledgerIds.has(id))).toBe(true)
    const stored = await t.app.db
      .selectFrom('bet_orders')
      .select('id')
      .where('user_id', '=', player.id)
      .execute()
    expect(stored.map((r) => r.id).sort()).toEqual([...betIds].sort())
    expect(await ledgerTotal(t.app)).toBe(0)
  })
})
