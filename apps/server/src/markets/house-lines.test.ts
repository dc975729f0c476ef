import { eventResponse } from '@backlay/contract/admin'
import { riskResponse } from '@backlay/contract/admin-risk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, manualClock, type TestApp } from '../test/test-app'
import { HOUSE_LINE_REFUSED_MSG } from './house-lines'
import { adminCaller, call, moneyOf, newPlayer } from './test-support'

/** Booting the app (PGlite, migrations, seed) takes minutes when the machine is busy. */
const BOOT_TIMEOUT_MS = 180_000

describe('house line guard: the bookmaker never beats the exchange for a player', () => {
  let t: TestApp
  let adminCall: Awaited<ReturnType<typeof adminCaller>>
  const clock = manualClock('2026-11-23T10:00:00Z')

  beforeAll(async () => {
    t = await buildTestApp({ clock })
    adminCall = await adminCaller(t.app)
  }, BOOT_TIMEOUT_MS)
  afterAll(() => t.close())

  const limits = { betDelaySeconds: 0, minStake: 100, maxStake: 100_000, maxProfit: 1_000_000 }
  const price = async (marketId: string, runners: unknown[]) => {
    const res = await adminCall('POST', `markets/${marketId}/prices`, { runners })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
  }

  /** A match with both house lines, priced around the same fair odds (about 2.0 each). */
  async function matchWithBothLines() {
    const created = await adminCall('POST', 'events', {
      sportId: '4',
      competitionName: 'Guard Cup',
      name: 'Gamma v Delta',
      startTime: '2026-11-23T12:00:00Z',
      markets: [
        { kind: 'MATCH_ODDS', name: 'Match Odds', runners: ['Gamma', 'Delta'], ...limits },
        { kind: 'BOOKMAKER', name: 'Bookmaker', runners: ['Gamma', 'Delta'], ...limits },
      ],
    })
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    const markets = eventResponse.parse(created.body).data.marketDetails
    const exchange = markets.find((m) => m.kind === 'MATCH_ODDS')?.id ?? ''
    const bookmaker = markets.find((m) => m.kind === 'BOOKMAKER')?.id ?? ''
    await price(exchange, [
      { selectionId: '1', back: 2, lay: 2.02, size: 10_000 },
      { selectionId: '2', back: 1.96, lay: 1.98, size: 10_000 },
    ])
    await price(bookmaker, [
      { selectionId: '1', back: 1.96, lay: 2.06, size: 100_000 },
      { selectionId: '2', back: 1.92, lay: 2.02, size: 100_000 },
    ])
    for (const id of [exchange, bookmaker]) {
      expect((await adminCall('POST', `markets/${id}/status`, { status: 'OPEN' })).status).toBe(200)
    }
    return { exchange, bookmaker }
  }

  const bookmakerBack = (token: string, marketId: string, odds: number) =>
    call(t.app, token, 'POST', 'bet/saveBet', {
      is_back: 1,
      market_id: marketId,
      odds,
      selection_id: '1',
      stack: 100,
    })

  it('takes a bookmaker bet in line with the exchange', async () => {
    const { bookmaker } = await matchWithBothLines()
    const player = await newPlayer(t.app, { rupees: 1_000 })
    const res = await bookmakerBack(player.token, bookmaker, 1.96)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
  })

  it('refuses a line far from the exchange, suspends the runner and shows it to the operator', async () => {
    const { exchange, bookmaker } = await matchWithBothLines()
    const player = await newPlayer(t.app, { rupees: 1_000 })
    const before = await moneyOf(t.app, player.id)

    // A trader types Gamma at 3.00 while the exchange lays it at 2.02: back here, lay there.
    await price(bookmaker, [
      { selectionId: '1', back: 3, lay: 3.1, size: 100_000 },
      { selectionId: '2', back: 1.4, lay: 1.5, size: 100_000 },
    ])

    // The market maker stops offering the exchange price that line beats: no lay of Gamma
    // below 3.00 is left on the book (its backs at 2.00 stay, the line does not beat those).
    const view = t.app.books.view(exchange)
    const gamma = view?.runners.find((r) => r.selectionId === '1')
    expect(gamma?.availableToLay ?? []).toEqual([])
    expect(gamma?.availableToBack[0]?.price).toBe(200)

    const refused = await bookmakerBack(player.token, bookmaker, 3)
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({
      status: false,
      code: 'BET.RUNNER_SUSPENDED',
      msg: HOUSE_LINE_REFUSED_MSG,
    })
    expect(await moneyOf(t.app, player.id)).toEqual(before)

    const runner = await t.app.db
      .selectFrom('runners')
      .select('status')
      .where('market_id', '=', bookmaker)
      .where('selection_id', '=', '1')
      .executeTakeFirstOrThrow()
    expect(runner.status).toBe('SUSPENDED')
    const again = await bookmakerBack(player.token, bookmaker, 3)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('BET.RUNNER_SUSPENDED')

    const risk = riskResponse.parse((await adminCall('GET', `markets/${bookmaker}/risk`)).body).data
    expect(risk.guardEvents).toEqual([
      {
        at: new Date(clock.now()).toISOString(),
        selectionId: '1',
        runnerName: 'Gamma',
        side: 'BACK',
        price: 3,
        exchangePrice: 2.02,
      },
    ])
    expect(risk.betCount).toBe(0)
  })
})
