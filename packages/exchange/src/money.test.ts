import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Odds, Paise } from './ids'
import { basisPointsOf, negate, percentOf, profitAtOdds } from './money'

const p = (n: number) => n as Paise

describe('money rounding rule', () => {
  it('back profit = lay liability = stake × (odds − 1), rounded down to the paisa', () => {
    expect(profitAtOdds(p(10000), 250 as Odds)).toBe(15000)
    expect(profitAtOdds(p(333), 101 as Odds)).toBe(3)
    expect(profitAtOdds(p(99), 101 as Odds)).toBe(0)
    expect(profitAtOdds(p(1_000_000_000), 100000 as Odds)).toBe(999_000_000_000)
  })

  it('percent and basis points round down too', () => {
    expect(percentOf(p(10000), 90)).toBe(9000)
    expect(percentOf(p(333), 90)).toBe(299)
    expect(basisPointsOf(p(100000), 200)).toBe(2000)
    expect(basisPointsOf(p(49), 200)).toBe(0)
  })

  it('negate never yields −0', () => {
    expect(Object.is(negate(0), 0)).toBe(true)
    expect(negate(5)).toBe(-5)
  })

  it('a reservation for the whole stake covers any split of it into fills', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 1_000_000 }),
        fc.integer({ min: 101, max: 100000 }),
        fc.integer({ min: 1, max: 999_999 }),
        (stake, odds, cut) => {
          const a = cut % stake || 1
          const whole = profitAtOdds(p(stake), odds as Odds)
          const parts = profitAtOdds(p(a), odds as Odds) + profitAtOdds(p(stake - a), odds as Odds)
          expect(parts).toBeLessThanOrEqual(whole)
          expect(whole).toBeLessThanOrEqual((stake * (odds - 100)) / 100)
          expect(whole).toBeGreaterThan((stake * (odds - 100)) / 100 - 1)
        },
      ),
    )
  })
})
