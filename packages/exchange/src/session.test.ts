import { describe, expect, it } from 'vitest'
import type { Paise } from './ids'
import {
  acceptFancyBet,
  type FancyBet,
  type FancyQuote,
  fancyBetPL,
  fancyExposure,
  fancyLiability,
  fancyProfit,
} from './session'

const yes = (line: number, rate: number, stake: number): FancyBet => ({
  side: 'YES',
  line,
  rate,
  stake: stake as Paise,
})
const no = (line: number, rate: number, stake: number): FancyBet => ({
  side: 'NO',
  line,
  rate,
  stake: stake as Paise,
})

describe('session (fancy) maths', () => {
  it('profit is stake × rate / 100 for a yes, the stake for a no', () => {
    expect(fancyProfit(yes(50, 90, 10000))).toBe(9000)
    expect(fancyProfit(no(50, 110, 10000))).toBe(10000)
  })

  it('liability of a no is stake × rate / 100, of a yes its stake', () => {
    expect(fancyLiability(no(50, 110, 10000))).toBe(11000)
    expect(fancyLiability(yes(50, 90, 10000))).toBe(10000)
  })

  it('yes wins at or above the line, no below it', () => {
    expect(fancyBetPL(yes(50, 90, 10000), 50)).toBe(9000)
    expect(fancyBetPL(yes(50, 90, 10000), 49)).toBe(-10000)
    expect(fancyBetPL(no(50, 110, 10000), 49)).toBe(10000)
    expect(fancyBetPL(no(50, 110, 10000), 50)).toBe(-11000)
  })

  it('builds the run ladder of one fancy id', () => {
    expect(fancyExposure([yes(50, 100, 10000), no(52, 100, 10000)])).toEqual({
      ladder: [
        { fromRuns: 0, toRuns: 49, pl: 0 },
        { fromRuns: 50, toRuns: 51, pl: 20000 },
        { fromRuns: 52, toRuns: null, pl: 0 },
      ],
      exposure: 0,
    })
    expect(fancyExposure([no(48, 100, 10000), yes(50, 100, 10000)])).toEqual({
      ladder: [
        { fromRuns: 0, toRuns: 47, pl: 0 },
        { fromRuns: 48, toRuns: 49, pl: -20000 },
        { fromRuns: 50, toRuns: null, pl: 0 },
      ],
      exposure: 20000,
    })
    expect(fancyExposure([])).toEqual({
      ladder: [{ fromRuns: 0, toRuns: null, pl: 0 }],
      exposure: 0,
    })
  })

  const quote: FancyQuote = { active: true, yesLine: 50, yesRate: 90, noLine: 48, noRate: 110 }

  it('accepts a bet at the quoted line and rate', () => {
    expect(
      acceptFancyBet(quote, { side: 'NO', line: 48, rate: 110, stake: 10000 as Paise }),
    ).toEqual({
      ok: true,
      value: no(48, 110, 10000),
    })
  })

  it('refuses a moved quote, a suspended fancy, a bhaw of 1 or less, a bad stake', () => {
    const request = { side: 'YES' as const, line: 50, rate: 90, stake: 10000 as Paise }
    expect(acceptFancyBet(quote, { ...request, line: 51 })).toMatchObject({
      code: 'BET.ODDS_CHANGED',
    })
    expect(acceptFancyBet({ ...quote, active: false }, request)).toMatchObject({
      code: 'FANCY.SUSPENDED',
    })
    expect(acceptFancyBet(quote, { ...request, rate: 1 })).toEqual({
      ok: false,
      code: 'FANCY.BHAW_TOO_LOW',
      msg: 'Bhaw cannot be less than 1.',
    })
    expect(acceptFancyBet(quote, { ...request, stake: 0 as Paise })).toMatchObject({
      code: 'BET.INVALID_STAKE',
    })
    expect(acceptFancyBet(quote, { ...request, line: 50.5 })).toMatchObject({
      code: 'FANCY.INVALID_LINE',
    })
  })
})
