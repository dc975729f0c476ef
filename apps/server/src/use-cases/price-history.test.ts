import { ladderResponse } from '@backlay/contract/ladder'
import { priceHistoryResponse } from '@backlay/contract/price-history'
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

  it('answers every runner’s whole book: each price with money, what matched there', async () => {
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
    // A back far above the market rests on the ladder, however far from the best three.
    await call(t.app, player.token, 'POST', 'bet/saveBet', {
      is_back: 1,
      market_id: market.id,
      odds: 900,
      selection_id: runner.selection_id,
      stack: 50,
    })
    const res = await call(t.app, null, 'GET', `exchange/market/ladder?marketId=${market.id}`)
    expect(res.status).toBe(200)
    const ladder = ladderResponse.parse(res.body).data
    expect(ladder.runners.map((r) => r.selectionId)).toEqual(
      market.runners.filter((r) => r.status === 'ACTIVE').map((r) => r.selection_id),
    )
    const mine = ladder.runners.find((r) => r.selectionId === runner.selection_id)
    if (!mine) throw new Error('expected the runner')
    const backs = mine.back.map((l) => l.price)
    const lays = mine.lay.map((l) => l.price)
    expect(backs).toEqual([...backs].sort((x, y) => y - x))
    expect(lays).toEqual([...lays].sort((x, y) => x - y))
    expect(mine.lay.find((l) => l.price === 900)?.size).toBeGreaterThanOrEqual(50)
    expect(mine.lastTradedPrice).toBe(odds)
    // What matched at each price is what the price history says matched there.
    const history = priceHistoryResponse
      .parse(
        (await call(t.app, null, 'GET', `exchange/market/priceHistory?marketId=${market.id}`)).body,
      )
      .data.runners.find((r) => r.selectionId === runner.selection_id)
    expect(mine.traded).toEqual(
      (history?.traded ?? []).map((p) => ({ price: p.price, size: p.volume })),
    )
    expect(mine.traded.find((l) => l.price === odds)?.size).toBeGreaterThanOrEqual(100)

    const unknown = await call(t.app, null, 'GET', 'exchange/market/ladder?marketId=1.404')
    expect(unknown).toMatchObject({
      status: 404,
      body: { msg: 'No such market matched between players.' },
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
