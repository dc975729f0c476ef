import { saveBetResponse } from '@backlay/contract/bets'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, manualClock, type TestApp } from '../test/test-app'
import { declareResult } from './settlement'
import { adminCaller, call, ledgerTotal, moneyOf, newPlayer, openMarket } from './test-support'

describe('a dead heat', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ clock: manualClock('2026-11-23T10:00:00Z') })
  })
  afterAll(() => t.close())

  it('pays the backers of the tied winners on a share of their stakes, once', async () => {
    const market = await openMarket(t.app, 'WIN', { runners: 6, prePlay: true })
    const [first, second, third] = market.runners
    if (!first || !second || !third) throw new Error('expected three runners')
    const backAtBest = async (runner: typeof first) => {
      const player = await newPlayer(t.app, { rupees: 1_000 })
      const odds = (runner.back[0]?.price ?? 0) / 100
      const res = await call(t.app, player.token, 'POST', 'bet/saveBet', {
        is_back: 1,
        market_id: market.id,
        odds,
        selection_id: runner.selection_id,
        stack: 100,
      })
      expect(saveBetResponse.parse(res.body).data.status).toBe('MATCHED')
      return { ...player, odds }
    }
    const onFirst = await backAtBest(first)
    const onSecond = await backAtBest(second)
    const onThird = await backAtBest(third)

    const declared = await declareResult(t.app, {
      marketId: market.id,
      winnerSelectionId: first.selection_id,
      deadHeatWith: [second.selection_id],
      actorId: 'test',
    })
    expect(declared).toMatchObject({ ok: true, value: { result: 'WINNER' } })
    await t.app.exchange.idle()

    // Half the stake wins at full odds, the other half is lost: ₹100 × (odds − 2) / 2, less
    // 2% commission on a profit; the third runner's backer loses the whole stake.
    const expected = (odds: number) => {
      const pl = Math.floor((100_00 * (Math.round(odds * 100) - 200)) / 200)
      return 1_000_00 + pl - (pl > 0 ? Math.floor((pl * 200) / 10_000) : 0)
    }
    expect(await moneyOf(t.app, onFirst.id)).toEqual({ cash: expected(onFirst.odds), exposure: 0 })
    expect(await moneyOf(t.app, onSecond.id)).toEqual({
      cash: expected(onSecond.odds),
      exposure: 0,
    })
    expect(await moneyOf(t.app, onThird.id)).toEqual({ cash: 900_00, exposure: 0 })
    expect(await ledgerTotal(t.app)).toBe(0)

    const settled = await t.app.db
      .selectFrom('market_settlements')
      .select(['winner_selection_id', 'dead_heat_with'])
      .where('market_id', '=', market.id)
      .executeTakeFirstOrThrow()
    expect(settled).toEqual({
      winner_selection_id: first.selection_id,
      dead_heat_with: [second.selection_id],
    })
    const winners = await t.app.db
      .selectFrom('runners')
      .select('selection_id')
      .where('market_id', '=', market.id)
      .where('status', '=', 'WINNER')
      .orderBy('selection_id')
      .execute()
    expect(winners.map((r) => r.selection_id).sort()).toEqual(
      [first.selection_id, second.selection_id].sort(),
    )
    const again = await declareResult(t.app, {
      marketId: market.id,
      winnerSelectionId: first.selection_id,
      deadHeatWith: [second.selection_id],
      actorId: 'test',
    })
    expect(again).toMatchObject({ ok: false, code: 'SETTLE.ALREADY_SETTLED' })

    // The photo was wrong: the first runner won alone. The correction takes back the shared win.
    const adminCall = await adminCaller(t.app)
    const corrected = await adminCall('POST', `markets/${market.id}/correction`, {
      winnerSelectionId: first.selection_id,
      reason: 'Judge revised the dead heat',
    })
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200)
    const fullWin = Math.round(onFirst.odds * 100) * 100 - 100_00
    expect(await moneyOf(t.app, onFirst.id)).toEqual({
      cash: 1_000_00 + fullWin - Math.floor((fullWin * 200) / 10_000),
      exposure: 0,
    })
    expect(await moneyOf(t.app, onSecond.id)).toEqual({ cash: 900_00, exposure: 0 })
    expect(await moneyOf(t.app, onThird.id)).toEqual({ cash: 900_00, exposure: 0 })
    expect(await ledgerTotal(t.app)).toBe(0)
  })
})
