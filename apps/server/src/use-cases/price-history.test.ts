import { LADDER_SPAN, ladderResponse, priceHistoryResponse } from '@backlay/contract/price-history'
import { tradesMessage } from '@backlay/contract/stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, newPlayer, openMarket } from '../markets/test-support'
import { buildTestApp, manualClock, type TestApp } from '../test/test-app'

describe('GET exchange/market/priceHistory', () => {
  let t: TestApp
  const clock = manualClock('2026-11-25T10:00:30Z')
  beforeAll(async () => {
    t = await buildTestApp({ clock })
  })
  afterAll(() => t.close())

  it('answers what each runner matched, per minute and per price, and streams each new match', async () => {
    const market = await openMarket(t.app, 'MATCH_ODDS')
    const runner = market.runners[0]
    if (!runner) throw new Error('expected a runner')
    const trades: unknown[] = []
    t.app.bus.subscribe(`market:${market.id}`, (m) => {
      if ((m as { type: string }).type === 'trades') trades.push(m)
    })
    const player = await newPlayer(t.app, { rupees: 1_000 })
    const back = (stack: number) =>
      call(t.app, player.token, 'POST', 'bet/saveBet', {
        is_back: 1,
        market_id: market.id,
        odds: (runner.back[0]?.price ?? 0) / 100,
        selection_id: runner.selection_id,
        stack,
      })
    expect((await back(100)).status).toBe(200)
    clock.advance(60_000)
    expect((await back(50)).status).toBe(200)

    const res = await call(t.app, null, 'GET', `exchange/market/priceHistory?marketId=${market.id}`)
    expect(res.status).toBe(200)
    const history = priceHistoryResponse.parse(res.body).data
    const mine = history.runners.find((r) => r.selectionId === runner.selection_id)
    expect(mine?.tradedVolume).toBe(150)
    expect(mine?.points.map((p) => [p.time, p.volume])).toEqual([
      [Date.parse('2026-11-25T10:00:00Z') / 1000, 100],
      [Date.parse('2026-11-25T10:01:00Z') / 1000, 50],
    ])
    expect(mine?.traded.reduce((s, p) => s + p.volume, 0)).toBe(150)
    expect(mine?.lastTradedPrice).toBe(mine?.points.at(-1)?.price)
    expect(history.runners.map((r) => r.selectionId)).toEqual(
      market.runners.map((r) => r.selection_id),
    )

    const streamed = trades.map((m) => tradesMessage.parse(m))
    expect(streamed.flatMap((m) => m.trades.map((x) => x.size)).reduce((s, x) => s + x, 0)).toBe(
      150,
    )
    expect(streamed.at(-1)?.trades[0]).toMatchObject({
      selectionId: runner.selection_id,
      at: clock.now(),
    })
  })

  it('answers a runner’s ladder: every price around its best, what waits and what matched', async () => {
    const market = await openMarket(t.app, 'MATCH_ODDS')
    const runner = market.runners.find((r) => r.back[0] && r.lay[0])
    if (!runner) throw new Error('expected a priced runner')
    const player = await newPlayer(t.app, { rupees: 1_000 })
    const odds = (runner.back[0]?.price ?? 0) / 100
    await call(t.app, player.token, 'POST', 'bet/saveBet', {
      is_back: 1,
      market_id: market.id,
      odds,
      selection_id: runner.selection_id,
      stack: 100,
    })
    const url = `exchange/market/ladder?marketId=${market.id}&selectionId=${runner.selection_id}`
    const res = await call(t.app, null, 'GET', url)
    expect(res.status).toBe(200)
    const ladder = ladderResponse.parse(res.body).data
    const prices = ladder.rows.map((r) => r.price)
    expect(prices).toEqual([...prices].sort((a, b) => b - a))
    expect(ladder.rows).toHaveLength(2 * LADDER_SPAN + 1)
    // What matched at each price is what the price history says matched there.
    const history = priceHistoryResponse
      .parse(
        (await call(t.app, null, 'GET', `exchange/market/priceHistory?marketId=${market.id}`)).body,
      )
      .data.runners.find((r) => r.selectionId === runner.selection_id)
    const traded = ladder.rows.filter((r) => r.traded > 0).map((r) => [r.price, r.traded])
    expect(traded).toEqual(
      (history?.traded ?? [])
        .filter((p) => prices.includes(p.price))
        .map((p) => [p.price, p.volume])
        .reverse(),
    )
    expect(traded.find(([price]) => price === odds)?.[1]).toBeGreaterThanOrEqual(100)
    expect(ladder.rows.some((r) => r.back > 0)).toBe(true)
    expect(ladder.rows.some((r) => r.lay > 0)).toBe(true)
    expect(ladder.lastTradedPrice).toBe(odds)

    const unknown = await call(
      t.app,
      null,
      'GET',
      `exchange/market/ladder?marketId=${market.id}&selectionId=nobody`,
    )
    expect(unknown).toMatchObject({
      status: 404,
      body: { msg: 'No such runner in a market matched between players.' },
    })
  })

  it('refuses an unknown market and a market not matched between players', async () => {
    const unknown = await call(t.app, null, 'GET', 'exchange/market/priceHistory?marketId=1.404')
    expect(unknown).toMatchObject({ status: 404, body: { msg: 'No such market.' } })
    const bookmaker = await openMarket(t.app, 'BOOKMAKER')
    const res = await call(
      t.app,
      null,
      'GET',
      `exchange/market/priceHistory?marketId=${bookmaker.id}`,
    )
    expect(res).toMatchObject({
      status: 400,
      body: { msg: 'Price history is kept for exchange markets only.' },
    })
  })
})
