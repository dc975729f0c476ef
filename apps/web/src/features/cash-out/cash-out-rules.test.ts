import { describe, expect, it } from 'vitest'
import { cashOutOffered } from './cash-out-rules'

const runners = (n: number) => Array.from({ length: n }, () => ({}) as never)

describe('cashOutOffered', () => {
  it('offers cash-out on a two-runner match odds market with bets', () => {
    expect(cashOutOffered({ market_type: 'MATCH_ODDS', runners: runners(2), bet_count: 1 })).toBe(
      true,
    )
  })
  it('refuses three runners, other kinds and markets without bets', () => {
    expect(cashOutOffered({ market_type: 'MATCH_ODDS', runners: runners(3), bet_count: 1 })).toBe(
      false,
    )
    expect(cashOutOffered({ market_type: 'BOOKMAKER', runners: runners(2), bet_count: 1 })).toBe(
      false,
    )
    expect(cashOutOffered({ market_type: 'MATCH_ODDS', runners: runners(2), bet_count: 0 })).toBe(
      false,
    )
  })
})
