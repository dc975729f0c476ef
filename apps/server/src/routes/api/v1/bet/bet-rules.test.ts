import {
  cashOutQuoteResponse,
  IDEMPOTENCY_KEY_HEADER,
  saveBetResponse,
  teamPositionResponse,
} from '@backlay/contract/bets'
import type { Odds } from '@backlay/exchange/ids'
import { nextTick, previousTick } from '@backlay/exchange/ladder'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { declareResult } from '../../../../markets/settlement'
import { call, ledgerTotal, moneyOf, newPlayer, openMarket } from '../../../../markets/test-support'
import { buildTestApp, manualClock, type TestApp } from '../../../../test/test-app'

const clock = manualClock('2026-11-23T10:00:00Z')
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const step = (move: (odds: Odds) => Odds | undefined) => (odds: number, ticks: number) =>
  Array.from({ length: ticks }).reduce<number>((o) => move(o as Odds) ?? o, odds)
const nextTicks = step(nextTick)
const previousTicks = step(previousTick)

describe('bet rules: §5 validation, server-side delay, idempotency, cash-out, demo money', () => {
  let t: TestApp
  let player: { id: string; token: string }
  beforeAll(async () => {
    t = await buildTestApp({ clock })
    player = await newPlayer(t.app, { rupees: 20_00_000 })
  })
  afterAll(() => t.close())

  const saveBet = (body: Record<string, unknown>, token = player.token, headers = {}) =>
    call(t.app, token, 'POST', 'bet/saveBet', body, headers)

  describe('each §5 validation answers with its message and places nothing', async () => {
    it.each([
      ['stake over 1,00,00,000', { stack: 10_000_001 }, 'Value cannot exceed 1,00,00,000.'],
      ['stake of 0', { stack: 0 }, 'Stake must be greater than 0'],
      ['stake with 3 decimals', { stack: 100.123 }, 'Amount may have at most 2 decimals.'],
      ['odds below 1.01', { odds: 1 }, 'Odds must be between 1.01 and 1000'],
      ['odds above 1000', { odds: 1010 }, 'Odds must be between 1.01 and 1000'],
      ['odds off the ladder', { odds: 2.03 }, 'Odds are not on the price ladder'],
    ])('%s', async (_name, change, msg) => {
      const market = await openMarket(t.app, 'MATCH_ODDS')
      const res = await saveBet({
        is_back: 1,
        market_id: market.id,
        odds: 2,
        selection_id: market.runners[0]?.selection_id,
        stack: 100,
        ...change,
      })
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ status: false, msg })
      expect((res.body.error as { description: string }[])[0]?.description).toBe(msg)
    })

    it('a line bet with rate 1 or less: Bhaw cannot be less than 1.', async () => {
      const market = await openMarket(t.app, 'SESSION')
      const res = await call(t.app, player.token, 'POST', 'bet/saveFancyBet', {
        is_back: 1,
        fancy_id: market.id,
        run: 10,
        size: 1,
        stack: 100,
      })
      expect(res.status).toBe(400)
      expect(res.body.msg).toBe('Bhaw cannot be less than 1.')
    })

    it('min and max stake and max profit come from the market and sport limits', async () => {
      const market = await openMarket(t.app, 'MATCH_ODDS', { sportId: '1' })
      const bet = (stack: number, odds = 2) =>
        saveBet({
          is_back: 1,
          market_id: market.id,
          odds,
          selection_id: market.runners[0]?.selection_id,
          stack,
        })
      expect((await bet(50)).body.msg).toBe('Minimum stake is 100.')
      expect((await bet(50_001)).body.msg).toBe('Maximum stake is 50,000.')
      expect((await bet(50_000, 20)).body.msg).toBe('Maximum profit on this market is 5,00,000.')
      expect(await moneyOf(t.app, player.id)).toMatchObject({ exposure: 0 })
    })

    it('suspended market, suspended runner, unknown market, too little money, no login', async () => {
      const market = await openMarket(t.app, 'MATCH_ODDS')
      const body = {
        is_back: 1,
        market_id: market.id,
        odds: 2,
        selection_id: market.runners[0]?.selection_id,
        stack: 100,
      }
      await t.app.db
        .updateTable('runners')
        .set({ status: 'SUSPENDED' })
        .where('market_id', '=', market.id)
        .where('selection_id', '=', market.runners[0]?.selection_id ?? '')
        .execute()
      expect((await saveBet(body)).body.msg).toBe('Selection is suspended')
      await t.app.db
        .updateTable('markets')
        .set({ status: 'SUSPENDED' })
        .where('id', '=', market.id)
        .execute()
      expect((await saveBet(body)).body.msg).toBe('Market is suspended')
      expect((await saveBet({ ...body, market_id: 'no-such-market' })).status).toBe(404)
      const poor = await newPlayer(t.app, { rupees: 50 })
      const other = await openMarket(t.app, 'MATCH_ODDS')
      const refused = await saveBet(
        { ...body, market_id: other.id, selection_id: other.runners[0]?.selection_id },
        poor.token,
      )
      expect(refused.status).toBe(409)
      expect(refused.body.msg).toBe('Insufficient balance')
      expect((await saveBet(body, '')).status).toBe(401)
    })
  })

  describe('bet delay on the server', () => {
    it('waits the delay; a suspension during it rejects the bet', async () => {
      const market = await openMarket(t.app, 'MATCH_ODDS', { delaySeconds: 5 })
      const pending = saveBet({
        is_back: 1,
        market_id: market.id,
        odds: 2,
        selection_id: market.runners[0]?.selection_id,
        stack: 100,
      })
      await sleep(500)
      await t.app.db
        .updateTable('markets')
        .set({ status: 'SUSPENDED' })
        .where('id', '=', market.id)
        .execute()
      clock.advance(5_000)
      const res = await pending
      expect(res.status).toBe(409)
      expect(res.body.msg).toBe('Market is suspended')
    })

    /**
     * A back of ₹100 at the best price shown on a market of its own, sent with `extra`; while it
     * waits out the delay the price moves `ticks` (the market maker then lays `offered` rupees
     * there only; a bookmaker quotes it).
     */
    const backWhileThePriceMoves = async (
      ticks: number,
      extra: Record<string, unknown> = {},
      kind: 'MATCH_ODDS' | 'BOOKMAKER' = 'MATCH_ODDS',
      offered = 1_000,
    ) => {
      // A market of its own: the requote below would leave a shared one without prices.
      const shared = await openMarket(t.app, kind)
      const market = await openMarket(t.app, kind, { delaySeconds: 5, exclude: [shared.id] })
      const bettor = await newPlayer(t.app, { rupees: 1_000 })
      const runner = market.runners.find((r) => (r.back[0]?.price ?? 0) > 110)
      const asked = runner?.back[0]?.price ?? 0
      const pending = saveBet(
        {
          is_back: 1,
          market_id: market.id,
          odds: asked / 100,
          selection_id: runner?.selection_id,
          stack: 100,
          ...extra,
        },
        bettor.token,
      )
      await sleep(500)
      const moved = ticks < 0 ? previousTicks(asked, -ticks) : nextTicks(asked, ticks)
      if (kind === 'BOOKMAKER') {
        await t.app.db
          .updateTable('runners')
          .set({ back: JSON.stringify([{ price: moved, size: 1_000_000 }]) })
          .where('market_id', '=', market.id)
          .where('selection_id', '=', runner?.selection_id ?? '')
          .execute()
      } else {
        await t.app.exchange.requote(market.id, [
          {
            selectionId: runner?.selection_id ?? '',
            side: 'LAY',
            odds: moved,
            stake: offered * 100,
          },
        ])
      }
      clock.advance(5_000)
      return { res: await pending, bettor, asked, moved }
    }

    it('a back whose price moves away during the delay rests unmatched, its stake held', async () => {
      const { res, bettor } = await backWhileThePriceMoves(-3)
      expect(res.status).toBe(200)
      expect(res.body.msg).toBe('Bet placed; waiting unmatched.')
      expect(saveBetResponse.parse(res.body).data).toMatchObject({
        status: 'UNMATCHED',
        matched_stack: 0,
        unmatched_stack: 100,
      })
      // The stake moves from cash to exposure while the bet waits.
      expect(await moneyOf(t.app, bettor.id)).toEqual({ cash: 900_00, exposure: 100_00 })
    })

    it('a back whose price improves during the delay matches at the better price', async () => {
      const { res, bettor, moved } = await backWhileThePriceMoves(2)
      expect(res.status).toBe(200)
      expect(res.body.msg).toBe('Bet matched.')
      expect(saveBetResponse.parse(res.body).data).toMatchObject({
        status: 'MATCHED',
        matched_stack: 100,
        avg_odds: moved / 100,
      })
      expect(await moneyOf(t.app, bettor.id)).toEqual({ cash: 900_00, exposure: 100_00 })
    })

    it('a fill-or-kill back whose price moves away is cancelled, nothing held or stored', async () => {
      const { res, bettor } = await backWhileThePriceMoves(-3, { fill_or_kill: true })
      expect(res.status).toBe(409)
      expect(res.body).toMatchObject({
        code: 'BET.NOT_FILLED',
        msg: 'Bet cancelled: it could not be matched now at these odds.',
      })
      expect(await moneyOf(t.app, bettor.id)).toEqual({ cash: 1_000_00, exposure: 0 })
      const stored = await t.app.db
        .selectFrom('bet_orders')
        .select('id')
        .where('user_id', '=', bettor.id)
        .execute()
      expect(stored).toEqual([])
    })

    it('a fill-or-kill back with a minimum fill keeps what matched and cancels the rest', async () => {
      const { res, bettor } = await backWhileThePriceMoves(
        1,
        { fill_or_kill: true, min_fill: 40 },
        'MATCH_ODDS',
        60,
      )
      expect(res.status).toBe(200)
      const placed = saveBetResponse.parse(res.body).data
      expect(res.body.msg).toBe('Bet partially matched; the rest was cancelled.')
      expect(placed).toMatchObject({ status: 'MATCHED', matched_stack: 60, unmatched_stack: 0 })
      expect(await moneyOf(t.app, bettor.id)).toEqual({ cash: 940_00, exposure: 60_00 })
      const order = await t.app.db
        .selectFrom('bet_orders')
        .select(['stake', 'matched', 'remaining', 'cancelled'])
        .where('id', '=', placed.bet_id)
        .executeTakeFirstOrThrow()
      expect(order).toMatchObject({ stake: 100_00, matched: 60_00, remaining: 0, cancelled: 40_00 })
      const tooLittle = await backWhileThePriceMoves(
        1,
        { fill_or_kill: true, min_fill: 80 },
        'MATCH_ODDS',
        60,
      )
      expect(tooLittle.res.body.code).toBe('BET.NOT_FILLED')
    })

    it('refuses min_fill without fill_or_kill or above the stake', async () => {
      const market = await openMarket(t.app, 'MATCH_ODDS')
      const body = {
        is_back: 1,
        market_id: market.id,
        odds: 1000,
        selection_id: market.runners[0]?.selection_id,
        stack: 100,
      }
      const alone = await saveBet({ ...body, min_fill: 10 })
      expect(alone.status).toBe(400)
      expect(alone.body.msg).toBe('min_fill goes with fill_or_kill')
      const above = await saveBet({ ...body, fill_or_kill: true, min_fill: 101 })
      expect(above.status).toBe(400)
      expect(above.body.msg).toBe('min_fill cannot be more than the stake')
    })

    it('a bookmaker bet whose quote changed during the delay is refused', async () => {
      const { res, bettor } = await backWhileThePriceMoves(1, {}, 'BOOKMAKER')
      expect(res.status).toBe(409)
      expect(res.body.msg).toBe('Odds changed, please place the bet again')
      expect(await moneyOf(t.app, bettor.id)).toEqual({ cash: 1_000_00, exposure: 0 })
    })

    it('answers only once the delay has passed on the clock', async () => {
      const market = await openMarket(t.app, 'MATCH_ODDS', { delaySeconds: 5 })
      let answered = false
      const pending = saveBet({
        is_back: 1,
        market_id: market.id,
        odds: 1000,
        selection_id: market.runners[0]?.selection_id,
        stack: 100,
      }).then((r) => {
        answered = true
        return r
      })
      await sleep(500)
      expect(answered).toBe(false)
      clock.advance(5_000)
      expect((await pending).status).toBe(200)
    })
  })

  it('a retry with the same idempotency key answers the first bet instead of placing again', async () => {
    const market = await openMarket(t.app, 'MATCH_ODDS')
    const bettor = await newPlayer(t.app, { rupees: 1_000 })
    const body = {
      is_back: 1,
      market_id: market.id,
      odds: 1000,
      selection_id: market.runners[0]?.selection_id,
      stack: 100,
    }
    const headers = { [IDEMPOTENCY_KEY_HEADER]: 'retry-key-0001' }
    const [a, b] = await Promise.all([
      saveBet(body, bettor.token, headers),
      saveBet(body, bettor.token, headers),
    ])
    const c = await saveBet(body, bettor.token, headers)
    const ids = [a, b, c].map((r) => saveBetResponse.parse(r.body).data.bet_id)
    expect(new Set(ids).size).toBe(1)
    const rows = await t.app.db
      .selectFrom('bet_orders')
      .select('id')
      .where('user_id', '=', bettor.id)
      .execute()
    expect(rows).toHaveLength(1)
    expect(await moneyOf(t.app, bettor.id)).toEqual({ cash: 90_000, exposure: 10_000 })
  })

  /** Backs the market's first runner for ₹2,000 at its best price (matched at once). */
  const backFirstAtBest = (market: Awaited<ReturnType<typeof openMarket>>, token: string) =>
    saveBet(
      {
        is_back: 1,
        market_id: market.id,
        odds: (market.runners[0]?.back[0]?.price ?? 0) / 100,
        selection_id: market.runners[0]?.selection_id,
        stack: 2_000,
      },
      token,
    )
  /** The player's P/L on each runner of a market, in rupees. */
  const plOf = async (marketId: string, token: string) =>
    (
      teamPositionResponse.parse(
        (await call(t.app, token, 'POST', 'bet/getTeamPosition', { market_id: marketId })).body,
      ).data[marketId] ?? []
    ).map((p) => p.user_pl)

  it('cash-out hedges a two-runner match odds position to an equal P/L', async () => {
    const market = await openMarket(t.app, 'MATCH_ODDS', { runners: 2 })
    const bettor = await newPlayer(t.app, { rupees: 10_000 })
    const none = await call(
      t.app,
      bettor.token,
      'GET',
      `exchange/order/cashout?marketId=${market.id}`,
    )
    expect(none.status).toBe(409)
    expect(none.body.data).toEqual({ status: false, msg: none.body.msg })
    await backFirstAtBest(market, bettor.token)
    const res = await call(
      t.app,
      bettor.token,
      'GET',
      `exchange/order/cashout?marketId=${market.id}`,
    )
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      status: true,
      data: { status: true, msg: 'Cash-out successful.' },
    })
    const [a, b] = await plOf(market.id, bettor.token)
    expect(Math.abs((a ?? 0) - (b ?? 99))).toBeLessThanOrEqual(0.1)
  })

  it('a partial cash-out quotes, then hedges the chosen share and leaves the rest of the position', async () => {
    const market = await openMarket(t.app, 'MATCH_ODDS', { runners: 2 })
    const runner = market.runners[0]
    const bettor = await newPlayer(t.app, { rupees: 10_000 })
    await backFirstAtBest(market, bettor.token)
    const [a0 = 0, b0 = 0] = await plOf(market.id, bettor.token)
    const path = (call: string, share: number) =>
      `exchange/order/${call}?marketId=${market.id}&share=${share}`

    const quote = await call(t.app, bettor.token, 'GET', path('cashoutQuote', 40))
    expect(quote.status).toBe(200)
    const quoted = cashOutQuoteResponse.parse(quote.body).data
    expect(quoted).toMatchObject({
      share: 40,
      hedge: { selection_id: runner?.selection_id, side: 'LAY' },
    })
    const full = cashOutQuoteResponse.parse(
      (await call(t.app, bettor.token, 'GET', path('cashoutQuote', 100))).body,
    ).data
    expect(quoted.hedge.stake).toBeCloseTo((full.hedge.stake * 40) / 100, 1)

    expect((await call(t.app, bettor.token, 'GET', path('cashout', 40))).status).toBe(200)
    const [a1 = 0, b1 = 0] = await plOf(market.id, bettor.token)
    // 60 % of the gap between the runners is left open, to the paisa of stake rounding.
    expect(Math.abs(b1 - a1 - 0.6 * (b0 - a0))).toBeLessThanOrEqual(0.1)
    for (const share of [15, 0, 110]) {
      for (const what of ['cashout', 'cashoutQuote']) {
        const bad = await call(t.app, bettor.token, 'GET', path(what, share))
        expect([bad.status, bad.body.status]).toEqual([400, false])
        expect(bad.body.msg).toEqual(expect.any(String))
      }
    }
    const stranger = await call(t.app, null, 'GET', path('cashout', 50))
    expect([stranger.status, stranger.body.status]).toEqual([401, false])
  })

  it('demo players trade demo money; settlement balances each book', async () => {
    const market = await openMarket(t.app, 'MATCH_ODDS')
    const runner = market.runners[0]
    const demo = await newPlayer(t.app, { rupees: 1_000, demo: true })
    const res = await saveBet(
      {
        is_back: 0,
        market_id: market.id,
        odds: (runner?.lay[0]?.price ?? 0) / 100,
        selection_id: runner?.selection_id,
        stack: 100,
      },
      demo.token,
    )
    expect(saveBetResponse.parse(res.body).data.status).toBe('MATCHED')
    const held = (await moneyOf(t.app, demo.id, 'demo')).exposure
    expect(held).toBeGreaterThan(0)
    await declareResult(t.app, {
      marketId: market.id,
      winnerSelectionId: market.runners[1]?.selection_id ?? null,
      actorId: 'test',
    })
    // The lay won its ₹100 stake, less 2% commission.
    expect(await moneyOf(t.app, demo.id, 'demo')).toEqual({ cash: 100_000 + 9_800, exposure: 0 })
    expect(await ledgerTotal(t.app)).toBe(0)
  })
})
