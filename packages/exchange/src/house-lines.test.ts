import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { beatsOtherLine, bestOverLines, noRiskFreeProfit, type OutcomePrices } from './house-lines'
import type { Odds } from './ids'

const o = (back: number | null, lay: number | null): OutcomePrices => ({
  back: back as Odds | null,
  lay: lay as Odds | null,
})

/** Payout in every result of backing (stake > 0) or laying (stake < 0) each outcome, in paise. */
const outcomesOf = (prices: readonly OutcomePrices[], stakes: readonly number[]) =>
  prices.map((_, winner) =>
    stakes.reduce((total, stake, i) => {
      const price = (stake > 0 ? prices[i]?.back : prices[i]?.lay) ?? null
      if (stake === 0 || price === null) return total
      const won = i === winner
      // Back: +stake·(price−1) when it wins, −stake otherwise; lay the mirror image.
      const backer = won ? (Math.abs(stake) * (price - 100)) / 100 : -Math.abs(stake)
      return total + (stake > 0 ? backer : -backer)
    }, 0),
  )

describe('noRiskFreeProfit', () => {
  it('accepts a fair book with a spread on every outcome', () => {
    expect(noRiskFreeProfit([o(200, 204), o(196, 200)])).toBe(true)
  })

  it('refuses a back above the lay on one outcome', () => {
    expect(noRiskFreeProfit([o(137, 130), o(300, 320)])).toBe(false)
  })

  it('refuses backs that dutch to less than 100 %', () => {
    // 1/2.10 + 1/2.10 = 95 %: back both, win whichever wins.
    expect(noRiskFreeProfit([o(210, 212), o(210, 212)])).toBe(false)
  })

  it('refuses lays that dutch to more than 100 %', () => {
    // 1/1.90 + 1/1.90 = 105 %: lay both, win whichever wins.
    expect(noRiskFreeProfit([o(188, 190), o(188, 190)])).toBe(false)
  })

  it('counts an outcome nobody backs as one that may still win', () => {
    expect(noRiskFreeProfit([o(150, 152), o(null, 400)])).toBe(true)
  })

  it('agrees with brute force: no stakes on an accepted book win in every result', () => {
    const price = fc.option(fc.integer({ min: 101, max: 1000 }), { nil: null })
    fc.assert(
      fc.property(fc.array(fc.tuple(price, price), { minLength: 2, maxLength: 3 }), (pairs) => {
        const prices = pairs.map(([b, l]) => o(b, l))
        if (!noRiskFreeProfit(prices)) return
        const grid = [-300, -100, 0, 100, 300]
        const combos = (n: number): number[][] =>
          n === 0 ? [[]] : combos(n - 1).flatMap((c) => grid.map((g) => [...c, g]))
        for (const stakes of combos(prices.length)) {
          const results = outcomesOf(prices, stakes)
          expect(Math.min(...results)).toBeLessThanOrEqual(1e-9)
        }
      }),
    )
  })

  it('refused books really have a winning combination (back/lay cross)', () => {
    const prices = [o(137, 130), o(300, 320)]
    // Back outcome 0 at 1.37, lay it at 1.30 with a scaled stake.
    const back = 1000
    const lay = (back * 137) / 130
    const results = prices.map((_, winner) =>
      winner === 0 ? back * 0.37 - lay * 0.3 : -back + lay,
    )
    expect(Math.min(...results)).toBeGreaterThan(0)
    expect(noRiskFreeProfit(prices)).toBe(false)
  })
})

describe('bestOverLines', () => {
  it('takes the longest back and the shortest lay of each outcome', () => {
    expect(
      bestOverLines([
        [o(200, 202), o(196, null)],
        [o(190, 210), o(null, 199)],
      ]),
    ).toEqual([o(200, 202), o(196, 199)])
  })
})

describe('beatsOtherLine', () => {
  const exchange = o(240, 242)
  it('flags a back above the other line’s lay, and a lay below its back', () => {
    expect(beatsOtherLine('BACK', 250 as Odds, exchange, 0)).toBe(true)
    expect(beatsOtherLine('BACK', 242 as Odds, exchange, 0)).toBe(false)
    expect(beatsOtherLine('LAY', 230 as Odds, exchange, 0)).toBe(true)
    expect(beatsOtherLine('LAY', 240 as Odds, exchange, 0)).toBe(false)
  })

  it('lets prices within the tolerance through', () => {
    // 2.50 is 3.3 % above 2.42.
    expect(beatsOtherLine('BACK', 250 as Odds, exchange, 500)).toBe(false)
    expect(beatsOtherLine('BACK', 250 as Odds, exchange, 300)).toBe(true)
  })

  it('has nothing to compare with when the other line offers no price', () => {
    expect(beatsOtherLine('BACK', 900 as Odds, o(null, null), 0)).toBe(false)
  })
})
