import { saveBetResponse } from '@backlay/contract/bets'
import type { Odds } from '@backlay/exchange/ids'
import { reducedOdds } from '@backlay/exchange/non-runner'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { catalogRepository } from '../db/repositories/catalog'
import { buildTestApp, manualClock, type TestApp } from '../test/test-app'
import { createTestDatabase, type TestDatabase } from '../test/test-database'
import { applyPendingRemovals } from './non-runner'
import { declareResult } from './settlement'
import { call, ledgerTotal, moneyOf, newPlayer, openMarket } from './test-support'

type Market = Awaited<ReturnType<typeof openMarket>>
type Runner = Market['runners'][number]

describe('a non-runner', () => {
  let database: TestDatabase
  let t: TestApp
  const clock = manualClock(new Date().toISOString())
  beforeAll(async () => {
    database = await createTestDatabase()
    t = await buildTestApp({ database, clock })
  })
  afterAll(async () => {
    await t.close()
    await database.drop()
  })

  const bet = async (
    player: { token: string },
    market: Market,
    runner: Runner,
    side: 'BACK' | 'LAY',
    odds: number,
    stake = 100,
  ) => {
    const res = await call(t.app, player.token, 'POST', 'bet/saveBet', {
      is_back: side === 'BACK' ? 1 : 0,
      market_id: market.id,
      odds: odds / 100,
      selection_id: runner.selection_id,
      stack: stake,
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return saveBetResponse.parse(res.body).data
  }
  /** The price a matched order got: its stored average, odds ×100. */
  const matchedOdds = async (betId: string) => {
    const o = await t.app.db
      .selectFrom('bet_orders')
      .select(['matched', 'matched_value', 'status', 'result'])
      .where('id', '=', betId)
      .executeTakeFirstOrThrow()
    return { ...o, odds: o.matched === 0 ? 0 : o.matched_value / o.matched }
  }
  /**
   * Three runners priced as the test needs them: the favourite (a back at 1000 rests), a second
   * whose lay is priced, a third whose back is priced. A nearly decided race offers up to 1000
   * on its outsiders.
   */
  const threeRunners = (market: Market): [Runner, Runner, Runner] => {
    // The favourite: the market maker's offers to back it stop far below 1000.
    const a = [...market.runners]
      .filter((r) => r.back[0])
      .sort((x, y) => (x.back[0]?.price ?? 0) - (y.back[0]?.price ?? 0))[0]
    const b = market.runners.find((r) => r !== a && r.lay[0])
    const gone = market.runners.find((r) => r !== a && r !== b && r.back[0])
    if (!a || !b || !gone) throw new Error(`market ${market.id} lacks three priced runners`)
    return [a, b, gone]
  }

  /** What the feed writes when Betfair withdraws a runner: its status and the removal. */
  const announce = (market: Market, runner: Runner, factorBp: number) =>
    catalogRepository(t.app.db).upsertRunners([
      {
        marketId: market.id,
        selectionId: runner.selection_id,
        name: `Runner ${runner.selection_id}`,
        sortPriority: market.runners.indexOf(runner) + 1,
        status: 'REMOVED',
        back: [],
        lay: [],
        tradedVolume: 0,
        metadata: null,
        lastTradedPrice: null,
        removal: { factorBp, at: clock.now() },
      },
    ])
  /** The feed's batch and what the exchange does after it. */
  const withdraw = async (market: Market, runner: Runner, factorBp: number) => {
    await announce(market, runner, factorBp)
    return applyPendingRemovals(t.app.exchange)
  }

  it('voids its bets, cuts the prices matched on the others, and settles on the cut prices', async () => {
    const market = await openMarket(t.app, 'WIN', { runners: 6, prePlay: true })
    const [a, b, gone] = threeRunners(market)
    const onGone = await newPlayer(t.app, { rupees: 1_000 })
    const backer = await newPlayer(t.app, { rupees: 1_000 })
    // A lay on an outsider can risk far more than its stake.
    const layer = await newPlayer(t.app, { rupees: 100_000 })
    const waiting = await newPlayer(t.app, { rupees: 1_000 })
    const goneBet = await bet(onGone, market, gone, 'BACK', gone.back[0]?.price ?? 0)
    const backBet = await bet(backer, market, a, 'BACK', a.back[0]?.price ?? 0)
    const layBet = await bet(layer, market, b, 'LAY', b.lay[0]?.price ?? 0)
    const restBet = await bet(waiting, market, a, 'BACK', 1000)
    expect([goneBet, backBet, layBet].map((x) => x.status)).toEqual([
      'MATCHED',
      'MATCHED',
      'MATCHED',
    ])
    expect(restBet.status).toBe('UNMATCHED')
    const backAt = (await matchedOdds(backBet.bet_id)).odds as Odds
    const layAt = (await matchedOdds(layBet.bet_id)).odds as Odds

    clock.advance(1_000)
    expect(await withdraw(market, gone, 2_500)).toBe(1)

    // The bet on the non-runner is void and its stake back; the waiting back is cancelled.
    expect(await moneyOf(t.app, onGone.id)).toEqual({ cash: 1_000_00, exposure: 0 })
    expect(await matchedOdds(goneBet.bet_id)).toMatchObject({ status: 'SETTLED', result: 'VOID' })
    expect(await moneyOf(t.app, waiting.id)).toEqual({ cash: 1_000_00, exposure: 0 })
    // The others keep their stakes at a quarter off the price: the layer's liability shrinks.
    const cutBack = reducedOdds(backAt, 2_500)
    const cutLay = reducedOdds(layAt, 2_500)
    expect((await matchedOdds(backBet.bet_id)).odds).toBe(cutBack)
    expect((await matchedOdds(layBet.bet_id)).odds).toBe(cutLay)
    expect(await moneyOf(t.app, backer.id)).toEqual({ cash: 900_00, exposure: 100_00 })
    const liability = 100 * (cutLay - 100)
    expect(await moneyOf(t.app, layer.id)).toEqual({
      cash: 100_000_00 - liability,
      exposure: liability,
    })
    const position = await t.app.exchange.positionIn(backer.id, market.id)
    expect(position?.selectionIds).not.toContain(gone.selection_id)

    // Applied once: the next batch that still names it changes nothing.
    expect(await withdraw(market, gone, 2_500)).toBe(0)
    // A restart rebuilds the same market from the store.
    t.app.exchange.forget(market.id)
    expect(await t.app.exchange.positionIn(backer.id, market.id)).toEqual(position)

    const declared = await declareResult(t.app, {
      marketId: market.id,
      winnerSelectionId: a.selection_id,
      actorId: 'test',
    })
    expect(declared).toMatchObject({ ok: true })
    const won = 100 * (cutBack - 100)
    expect(await moneyOf(t.app, backer.id)).toEqual({
      cash: 1_000_00 + won - Math.floor((won * 200) / 10_000),
      exposure: 0,
    })
    expect(await moneyOf(t.app, layer.id)).toEqual({ cash: 100_098_00, exposure: 0 })
    expect(await moneyOf(t.app, onGone.id)).toEqual({ cash: 1_000_00, exposure: 0 })
    expect(await matchedOdds(goneBet.bet_id)).toMatchObject({ result: 'VOID' })
    const statuses = await t.app.db
      .selectFrom('runners')
      .select(['selection_id', 'status'])
      .where('market_id', '=', market.id)
      .execute()
    expect(statuses.find((r) => r.selection_id === gone.selection_id)?.status).toBe('REMOVED')
    expect(await ledgerTotal(t.app)).toBe(0)
  })

  it('under 2.5 % leaves the prices and the other unmatched bets as they were', async () => {
    const market = await openMarket(t.app, 'WIN', { runners: 6, prePlay: true })
    const [a, , gone] = threeRunners(market)
    const backer = await newPlayer(t.app, { rupees: 1_000 })
    const backBet = await bet(backer, market, a, 'BACK', a.back[0]?.price ?? 0)
    const restBet = await bet(backer, market, a, 'BACK', 1000)
    const onGone = await bet(backer, market, gone, 'BACK', 1000)
    const backAt = (await matchedOdds(backBet.bet_id)).odds

    expect(await withdraw(market, gone, 200)).toBe(1)

    expect((await matchedOdds(backBet.bet_id)).odds).toBe(backAt)
    expect(await matchedOdds(restBet.bet_id)).toMatchObject({ status: 'OPEN' })
    expect(await matchedOdds(onGone.bet_id)).toMatchObject({ status: 'SETTLED', result: 'VOID' })
    expect(await moneyOf(t.app, backer.id)).toEqual({ cash: 800_00, exposure: 200_00 })
    expect(await ledgerTotal(t.app)).toBe(0)
  })

  it('that voids a hedging lay holds what the player has, and the house bears the rest', async () => {
    const market = await openMarket(t.app, 'WIN', { runners: 6, prePlay: true })
    // The lay on the non-runner paid for the loss on the other: without it the worst case grows.
    const byLay = [...market.runners]
      .filter((r) => (r.lay[0]?.price ?? 0) > 0 && (r.lay[0]?.price ?? 0) < 2_000)
      .sort((x, y) => (x.lay[0]?.price ?? 0) - (y.lay[0]?.price ?? 0))
    const gone = byLay[0]
    const other = byLay.at(-1)
    if (!gone || !other || gone === other) throw new Error('expected two priced runners')
    const layGone = gone.lay[0]?.price ?? 0
    const layOther = other.lay[0]?.price ?? 0
    const worstBefore = Math.max(100 * (layGone - 100) - 100_00, 100 * (layOther - 100) - 100_00)
    const player = await newPlayer(t.app, { rupees: Math.ceil(worstBefore / 100) + 20 })
    await bet(player, market, gone, 'LAY', layGone)
    await bet(player, market, other, 'LAY', layOther)
    const before = await moneyOf(t.app, player.id)
    expect(before.exposure).toBe(worstBefore)

    expect(await withdraw(market, gone, 250)).toBe(1)

    const needed = 100 * (reducedOdds(layOther as Odds, 250) - 100)
    expect(needed).toBeGreaterThan(worstBefore + before.cash)
    expect(await moneyOf(t.app, player.id)).toEqual({
      cash: 0,
      exposure: before.exposure + before.cash,
    })

    await declareResult(t.app, {
      marketId: market.id,
      winnerSelectionId: other.selection_id,
      actorId: 'test',
    })
    expect(await moneyOf(t.app, player.id)).toEqual({ cash: 0, exposure: 0 })
    const posting = await t.app.db
      .selectFrom('ledger_transactions')
      .select('metadata')
      .where('kind', '=', 'bet.settlement')
      .where(({ eb }) => eb.ref('metadata', '->>').key('marketId'), '=', market.id)
      .executeTakeFirstOrThrow()
    expect(posting.metadata).toMatchObject({
      shortfall: { [player.id]: needed - (before.exposure + before.cash) },
    })
    expect(await ledgerTotal(t.app)).toBe(0)
  })

  it('announced just before a crash is applied when the server starts again', async () => {
    const market = await openMarket(t.app, 'WIN', { runners: 6, prePlay: true })
    const gone = market.runners.find((r) => r.back[0])
    if (!gone) throw new Error('expected a runner priced to back')
    const player = await newPlayer(t.app, { rupees: 1_000 })
    const placed = await bet(player, market, gone, 'BACK', gone.back[0]?.price ?? 0)
    expect(placed.status).toBe('MATCHED')
    await announce(market, gone, 1_000)
    await t.close()

    t = await buildTestApp({ database, clock })
    await vi.waitFor(
      async () => {
        expect(await moneyOf(t.app, player.id)).toEqual({ cash: 1_000_00, exposure: 0 })
      },
      { timeout: 10_000, interval: 100 },
    )
    expect(await matchedOdds(placed.bet_id)).toMatchObject({ status: 'SETTLED', result: 'VOID' })
  })
})
