import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Odds, Paise, SelectionId } from './ids'
import { priceHistory, type Trade } from './price-history'

const A = 'A' as SelectionId
const B = 'B' as SelectionId
const trade = (selectionId: SelectionId, odds: number, stake: number, at: number): Trade => ({
  selectionId,
  odds: odds as Odds,
  stake: stake as Paise,
  at,
})

describe('price history', () => {
  it('keeps the last price and the volume per minute and per price', () => {
    const [a, b] = priceHistory(
      [A, B],
      [trade(A, 200, 100_00, 10_000), trade(A, 210, 50_00, 50_000), trade(A, 200, 20_00, 65_000)],
      60_000,
    )
    expect(a).toEqual({
      selectionId: A,
      lastTradedPrice: 200,
      volume: 170_00,
      points: [
        { time: 0, odds: 210, volume: 150_00 },
        { time: 60_000, odds: 200, volume: 20_00 },
      ],
      byPrice: [
        { odds: 200, volume: 120_00 },
        { odds: 210, volume: 50_00 },
      ],
    })
    expect(b).toEqual({ selectionId: B, lastTradedPrice: null, volume: 0, points: [], byPrice: [] })
  })

  it('adds up: per minute and per price, the volumes are the matched total', () => {
    const trades = fc
      .array(
        fc.record({
          selectionId: fc.constantFrom(A, B),
          odds: fc.integer({ min: 101, max: 100_000 }),
          stake: fc.integer({ min: 1, max: 10_000_000 }),
          at: fc.integer({ min: 0, max: 3_600_000 }),
        }),
        { maxLength: 200 },
      )
      .map((list) =>
        list.sort((x, y) => x.at - y.at).map((t) => trade(t.selectionId, t.odds, t.stake, t.at)),
      )
    fc.assert(
      fc.property(trades, fc.constantFrom(1_000, 60_000, 300_000), (list, bucketMs) => {
        for (const runner of priceHistory([A, B], list, bucketMs)) {
          const mine = list.filter((t) => t.selectionId === runner.selectionId)
          const total = mine.reduce((s, t) => s + t.stake, 0)
          expect(runner.volume).toBe(total)
          expect(runner.points.reduce((s, p) => s + p.volume, 0)).toBe(total)
          expect(runner.byPrice.reduce((s, p) => s + p.volume, 0)).toBe(total)
          expect(runner.lastTradedPrice).toBe(mine.at(-1)?.odds ?? null)
          const times = runner.points.map((p) => p.time)
          expect(times).toEqual([...new Set(times)].sort((x, y) => x - y))
        }
      }),
    )
  })
})
