import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { quoteAroundLastTraded, uncrossed } from './feed-quotes'
import { oddsAtTick, TICK_COUNT } from './ladder'

const prices = (levels: readonly { price: number }[]) => levels.map((l) => l.price)

describe('quoteAroundLastTraded', () => {
  it('quotes a tick either side of 2.50 with a spread of 2, outwards from there', () => {
    const quote = quoteAroundLastTraded(250, { spreadTicks: 2, depth: 3, size: 500_00 })
    expect(prices(quote.back)).toEqual([248, 246, 244])
    expect(prices(quote.lay)).toEqual([252, 254, 256])
    expect(quote.back.every((l) => l.size === 500_00)).toBe(true)
  })

  it('backs at the last traded price itself with a spread of 1, and stops at the ladder ends', () => {
    expect(prices(quoteAroundLastTraded(101, { spreadTicks: 1, depth: 3, size: 1 }).back)).toEqual([
      101,
    ])
    expect(
      prices(quoteAroundLastTraded(100_000, { spreadTicks: 2, depth: 3, size: 1 }).lay),
    ).toEqual([])
  })

  it('never crosses: every back below every lay, each side on the ladder, best first', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: TICK_COUNT - 1 }),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 5 }),
        (tick, spreadTicks, depth) => {
          const { back, lay } = quoteAroundLastTraded(oddsAtTick(tick), {
            spreadTicks,
            depth,
            size: 1,
          })
          const bestLay = lay[0]?.price ?? Number.POSITIVE_INFINITY
          expect(back.every((l) => l.price < bestLay)).toBe(true)
          expect(prices(back)).toEqual(prices(back).toSorted((a, b) => b - a))
          expect(prices(lay)).toEqual(prices(lay).toSorted((a, b) => a - b))
          expect(back.length + lay.length).toBeGreaterThan(0)
        },
      ),
    )
  })
})

describe('uncrossed', () => {
  const level = (price: number) => ({ price, size: 100 })
  it('drops the crossing levels of both sides and keeps the rest', () => {
    const book = uncrossed([level(252), level(250), level(248)], [level(250), level(254)])
    expect(prices(book.back)).toEqual([248])
    expect(prices(book.lay)).toEqual([254])
  })

  it('leaves an uncrossed or one-sided book as it is', () => {
    const back = [level(250), level(248)]
    const lay = [level(252)]
    expect(uncrossed(back, lay)).toEqual({ back, lay })
    expect(uncrossed(back, [])).toEqual({ back, lay: [] })
  })
})
