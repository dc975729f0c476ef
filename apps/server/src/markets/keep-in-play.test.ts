import { saveBetResponse, unmatchedBetsResponse } from '@backlay/contract/bets'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, manualClock, type TestApp } from '../test/test-app'
import { createTestDatabase, type TestDatabase } from '../test/test-database'
import { call, ledgerTotal, marketToRestOn, moneyOf, newPlayer } from './test-support'

describe('keeping a bet in-play', () => {
  let database: TestDatabase
  let t: TestApp
  const clock = manualClock('2026-11-25T10:00:00Z')
  beforeAll(async () => {
    database = await createTestDatabase()
    t = await buildTestApp({ database, clock })
  })
  afterAll(async () => {
    await t.close()
    await database.drop()
  })

  it('keeps the chosen orders through the in-play turn and a restart, and lapses the others', async () => {
    const { market, runner } = await marketToRestOn(t.app)
    await t.app.db
      .updateTable('markets')
      .set({ inplay: false })
      .where('id', '=', market.id)
      .execute()
    const player = await newPlayer(t.app, { rupees: 1_000 })
    const rest = async (persistence?: 'LAPSE' | 'PERSIST') => {
      const res = await call(t.app, player.token, 'POST', 'bet/saveBet', {
        is_back: 1,
        market_id: market.id,
        odds: 1000,
        selection_id: runner.selection_id,
        stack: 100,
        ...(persistence ? { persistence } : {}),
      })
      const placed = saveBetResponse.parse(res.body).data
      expect(placed.status).toBe('UNMATCHED')
      return placed.bet_id
    }
    const kept = await rest('PERSIST')
    const lapsing = await rest()
    const changed = await rest('PERSIST')
    const unmatched = async () =>
      unmatchedBetsResponse.parse(
        (await call(t.app, player.token, 'POST', 'bet/unmatchedBets', { market_id: market.id }))
          .body,
      ).data
    expect(new Map((await unmatched()).map((b) => [b.bet_id, b.persistence]))).toEqual(
      new Map([
        [kept, 'PERSIST'],
        [lapsing, 'LAPSE'],
        [changed, 'PERSIST'],
      ]),
    )

    // Pre-play the player changes their mind about one of them.
    const change = await call(t.app, player.token, 'POST', 'bet/changePersistence', {
      bet_id: changed,
      persistence: 'LAPSE',
    })
    expect(change).toMatchObject({
      status: 200,
      body: { msg: 'Your bet will lapse when the market turns in-play.' },
    })
    expect(await moneyOf(t.app, player.id)).toEqual({ cash: 700_00, exposure: 300_00 })

    await t.app.db
      .updateTable('markets')
      .set({ inplay: true })
      .where('id', '=', market.id)
      .execute()
    await t.app.exchange.turnInPlay(market.id)
    expect((await unmatched()).map((b) => [b.bet_id, b.persistence])).toEqual([[kept, 'PERSIST']])
    expect(await moneyOf(t.app, player.id)).toEqual({ cash: 900_00, exposure: 100_00 })

    // In-play the choice is closed.
    const late = await call(t.app, player.token, 'POST', 'bet/changePersistence', {
      bet_id: kept,
      persistence: 'LAPSE',
    })
    expect(late).toMatchObject({
      status: 400,
      body: { msg: 'The market is in-play: the bet can no longer change what it does at the off.' },
    })

    // A new process rebuilds the in-play market from the store, lapsing what must lapse as it
    // loads: the kept order stays, still holding its stake.
    await t.close()
    t = await buildTestApp({ database, clock })
    await t.app.exchange.restore(market.id)
    expect((await unmatched()).map((b) => b.bet_id)).toEqual([kept])
    expect(await moneyOf(t.app, player.id)).toEqual({ cash: 900_00, exposure: 100_00 })
    expect(await ledgerTotal(t.app)).toBe(0)
  })
})
