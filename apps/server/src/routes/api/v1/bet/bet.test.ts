import {
  cancelledBetsResponse,
  fancyLiabilityResponse,
  openBetsResponse,
  saveBetResponse,
  saveHrBetResponse,
  settledBetsResponse,
  teamPositionResponse,
  unmatchedBetsResponse,
} from '@backlay/contract/bets'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { declareFancyResult, declareResult } from '../../../../markets/settlement'
import {
  call,
  ledgerTotal,
  moneyOf,
  newPlayer,
  openMarket,
  restingBetBeforeInPlay,
} from '../../../../markets/test-support'
import { buildTestApp, manualClock, type TestApp } from '../../../../test/test-app'

const odds = (paise: number) => paise / 100

describe('bet placement and bet calls', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ clock: manualClock('2026-11-23T10:00:00Z') })
  })
  afterAll(() => t.close())

  it('backs a match odds runner at the market maker price: matched, exposure held, listed, positioned', async () => {
    const market = await openMarket(t.app, 'MATCH_ODDS')
    const runner = market.runners[0]
    const best = runner?.back[0]?.price ?? 0
    const player = await newPlayer(t.app, { rupees: 10_000 })
    const res = await call(t.app, player.token, 'POST', 'bet/saveBet', {
      is_back: 1,
      market_id: market.id,
      odds: odds(best),
      selection_id: runner?.selection_id,
      stack: 100,
    })
    expect(res.status).toBe(200)
    const placed = saveBetResponse.parse(res.body).data
    expect(placed).toMatchObject({ status: 'MATCHED', matched_stack: 100, unmatched_stack: 0 })
    expect(placed.avg_odds).toBe(odds(best))
    expect(await moneyOf(t.app, player.id)).toEqual({ cash: 990_000, exposure: 10_000 })

    const open = openBetsResponse.parse(
      (await call(t.app, player.token, 'POST', 'bet/openBets', { limit: 100 })).body,
    ).data
    expect(open.total).toBe(1)
    expect(open.list[0]).toMatchObject({
      bet_id: placed.bet_id,
      stack: 100,
      is_back: 1,
      is_matched: 1,
    })

    const position = teamPositionResponse.parse(
      (await call(t.app, player.token, 'POST', 'bet/getTeamPosition', { match_id: market.eventId }))
        .body,
    ).data[market.id]
    expect(position?.[0]).toEqual({
      selection_id: runner?.selection_id,
      user_pl: Math.floor(100 * (best - 100)) / 100,
    })
    expect(position?.slice(1).every((p) => p.user_pl === -100)).toBe(true)
  })

  it('rests a lay below the market, lists it unmatched, and cancelling releases its liability', async () => {
    const market = await openMarket(t.app, 'MATCH_ODDS')
    const runner = market.runners[0]
    const player = await newPlayer(t.app, { rupees: 1_000 })
    const placed = saveBetResponse.parse(
      (
        await call(t.app, player.token, 'POST', 'bet/saveBet', {
          is_back: 0,
          market_id: market.id,
          odds: 1.01,
          selection_id: runner?.selection_id,
          stack: 200,
        })
      ).body,
    ).data
    expect(placed).toMatchObject({ status: 'UNMATCHED', unmatched_stack: 200, avg_odds: null })
    // A lay of ₹200 at 1.01 risks ₹2.
    expect(await moneyOf(t.app, player.id)).toEqual({ cash: 99_800, exposure: 200 })
    const unmatched = unmatchedBetsResponse.parse(
      (await call(t.app, player.token, 'POST', 'bet/unmatchedBets', {})).body,
    ).data
    expect(unmatched.map((b) => [b.bet_id, b.stack, b.is_matched])).toEqual([
      [placed.bet_id, 200, 0],
    ])

    const cancelled = await call(t.app, player.token, 'POST', 'bet/cancelUnmatchedBet', {
      bet_id: placed.bet_id,
    })
    expect(cancelled.status).toBe(200)
    expect(cancelledBetsResponse.parse(cancelled.body).data).toEqual({
      bet_ids: [placed.bet_id],
      cancelled_stack: 200,
    })
    expect(await moneyOf(t.app, player.id)).toEqual({ cash: 100_000, exposure: 0 })
    const again = await call(t.app, player.token, 'POST', 'bet/cancelUnmatchedBet', {
      bet_id: placed.bet_id,
    })
    expect(again.status).toBe(409)
  })

  it('cancels every unmatched bet of a market at once', async () => {
    const market = await openMarket(t.app, 'MATCH_ODDS')
    const player = await newPlayer(t.app, { rupees: 1_000 })
    for (const runner of market.runners.slice(0, 2)) {
      await call(t.app, player.token, 'POST', 'bet/saveBet', {
        is_back: 1,
        market_id: market.id,
        odds: 1000,
        selection_id: runner.selection_id,
        stack: 10,
      })
    }
    expect((await moneyOf(t.app, player.id)).exposure).toBe(2_000)
    const res = await call(t.app, player.token, 'POST', 'bet/cancelUnmatchedBetAll', {
      market_id: market.id,
    })
    expect(cancelledBetsResponse.parse(res.body).data.bet_ids).toHaveLength(2)
    expect(await moneyOf(t.app, player.id)).toEqual({ cash: 100_000, exposure: 0 })
  })

  it('strikes a bookmaker bet at the quoted price and refuses a price that moved', async () => {
    const market = await openMarket(t.app, 'BOOKMAKER')
    const runner = market.runners[0]
    const quoted = runner?.back[0]?.price ?? 0
    const player = await newPlayer(t.app, { rupees: 10_000 })
    const bet = (price: number) =>
      call(t.app, player.token, 'POST', 'bet/saveBet', {
        is_back: 1,
        market_id: market.id,
        odds: odds(price),
        selection_id: runner?.selection_id,
        stack: 500,
      })
    const moved = await bet(quoted + 1)
    expect(moved.status).toBe(409)
    expect(moved.body.msg).toBe('Odds changed, please place the bet again')
    const ok = await bet(quoted)
    expect(saveBetResponse.parse(ok.body).data).toMatchObject({
      status: 'MATCHED',
      matched_stack: 500,
    })
    expect(await moneyOf(t.app, player.id)).toEqual({ cash: 950_000, exposure: 50_000 })
  })

  it('places a fancy bet, reports its liability and run ladder, and settles it on runs', async () => {
    const market = await openMarket(t.app, 'SESSION')
    const runner = market.runners[0]
    const no = runner?.lay[0] ?? { price: 0, size: 0 }
    const player = await newPlayer(t.app, { rupees: 10_000 })
    const res = await call(t.app, player.token, 'POST', 'bet/saveFancyBet', {
      is_back: 0,
      fancy_id: market.id,
      run: no.price,
      size: no.size,
      stack: 100,
    })
    expect(res.status).toBe(200)
    const liability = fancyLiabilityResponse.parse(
      (
        await call(t.app, player.token, 'POST', 'bet/getFancyLiability', {
          match_id: market.eventId,
        })
      ).body,
    ).data
    expect(liability).toEqual({ [market.id]: no.size })
    const ladder = await call(t.app, player.token, 'POST', 'fancy/getRunTimeFancyPosition', {
      fancy_id: market.id,
    })
    expect(ladder.body.data).toEqual([
      { run: 0, user_pl: 100 },
      { run: no.price, user_pl: -no.size },
    ])
    const settled = await declareFancyResult(t.app, {
      marketId: market.id,
      runs: no.price - 1,
      actorId: 'test',
    })
    expect(settled.ok).toBe(true)
    expect(await moneyOf(t.app, player.id)).toEqual({ cash: 1_010_000, exposure: 0 })
  })

  it('places a combined racing bet all-or-nothing', async () => {
    const market = await openMarket(t.app, 'WIN')
    const [a, b] = market.runners
    const player = await newPlayer(t.app, { rupees: 10_000 })
    const leg = (r: typeof a, price: number) => ({
      selection_id: r?.selection_id,
      selection_name: 'x',
      market_id: market.id,
      odds: price,
      is_back: 1,
      stack: 100,
    })
    const refused = await call(t.app, player.token, 'POST', 'bet/saveHrBet', [
      leg(a, odds(a?.back[0]?.price ?? 0)),
      leg(b, 2.03),
    ])
    expect(refused.status).toBe(400)
    expect(refused.body.msg).toBe('Odds are not on the price ladder')
    expect(await moneyOf(t.app, player.id)).toEqual({ cash: 1_000_000, exposure: 0 })
    const placed = await call(t.app, player.token, 'POST', 'bet/saveHrBet', [
      leg(a, odds(a?.back[0]?.price ?? 0)),
      leg(b, odds(b?.back[0]?.price ?? 0)),
    ])
    expect(placed.status).toBe(200)
    expect(saveHrBetResponse.parse(placed.body).data.map((p) => p.status)).toEqual([
      'MATCHED',
      'MATCHED',
    ])
  })

  it('settles a market once: P/L and commission through the ledger, bets move to settled', async () => {
    const market = await openMarket(t.app, 'MATCH_ODDS')
    const runner = market.runners[0]
    const best = runner?.back[0]?.price ?? 0
    const player = await newPlayer(t.app, { rupees: 1_000 })
    await call(t.app, player.token, 'POST', 'bet/saveBet', {
      is_back: 1,
      market_id: market.id,
      odds: odds(best),
      selection_id: runner?.selection_id,
      stack: 100,
    })
    const first = await declareResult(t.app, {
      marketId: market.id,
      winnerSelectionId: runner?.selection_id ?? null,
      actorId: 'test',
    })
    expect(first.ok).toBe(true)
    const again = await declareResult(t.app, {
      marketId: market.id,
      winnerSelectionId: null,
      actorId: 'test',
    })
    expect(again).toMatchObject({ ok: false, code: 'SETTLE.ALREADY_SETTLED' })
    const profit = Math.floor((10_000 * (best - 100)) / 100)
    const commission = Math.floor((profit * 200) / 10_000)
    expect(await moneyOf(t.app, player.id)).toEqual({
      cash: 100_000 + profit - commission,
      exposure: 0,
    })
    expect(await ledgerTotal(t.app)).toBe(0)
    const settled = settledBetsResponse.parse(
      (await call(t.app, player.token, 'POST', 'bet/settledBets', {})).body,
    ).data
    expect(settled.list[0]).toMatchObject({ result: 'WON', pl: profit / 100, market_id: market.id })
    const refused = await call(t.app, player.token, 'POST', 'bet/saveBet', {
      is_back: 1,
      market_id: market.id,
      odds: 2,
      selection_id: runner?.selection_id,
      stack: 100,
    })
    expect(refused.body.msg).toBe('Market is closed')
  })

  it('lapses unmatched bets when the market turns in-play and releases their funds', async () => {
    const first = await openMarket(t.app, 'MATCH_ODDS')
    const { market, player } = await restingBetBeforeInPlay(t.app, [first.id])
    expect(await moneyOf(t.app, player.id)).toEqual({ cash: 90_000, exposure: 10_000 })

    await t.app.db
      .updateTable('markets')
      .set({ inplay: true })
      .where('id', '=', market.id)
      .execute()
    await t.app.exchange.turnInPlay(market.id)

    expect(await moneyOf(t.app, player.id)).toEqual({ cash: 1_000_00, exposure: 0 })
    const unmatched = unmatchedBetsResponse.parse(
      (await call(t.app, player.token, 'POST', 'bet/unmatchedBets', {})).body,
    ).data
    expect(unmatched).toEqual([])
    // The market maker's quotes persist in-play, so the market still shows prices.
    expect(t.app.exchange.view(market.id)?.runners[0]?.availableToBack.length).toBeGreaterThan(0)
    expect(await ledgerTotal(t.app)).toBe(0)
  })
})
