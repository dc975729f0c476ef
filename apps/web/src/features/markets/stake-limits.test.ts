import { describe, expect, it } from 'vitest'
import { limitKindOf, stakeRange } from './stake-limits'

describe('stakeRange', () => {
  it('uses the §9 defaults per sport and kind', () => {
    expect(stakeRange('bookmaker', '4')).toEqual({ min: 100, max: 2_000_000 })
    expect(stakeRange('fancy', '4')).toEqual({ min: 1, max: 100_000 })
    expect(stakeRange('odds', '1')).toEqual({ min: 100, max: 50_000 })
    expect(stakeRange('odds', '2')).toEqual({ min: 100, max: 50_000 })
    expect(stakeRange('odds', '7')).toEqual({ min: 100, max: 50_000 })
  })
  it('lets the event limit replace the default and a set user limit replace both', () => {
    expect(stakeRange('odds', '4', { min: 10, max: 5000 })).toEqual({ min: 10, max: 5000 })
    expect(
      stakeRange('odds', '4', { min: 10, max: 5000 }, { oddsMaxLimit: 900, oddsMinLimit: null }),
    ).toEqual({ min: 10, max: 900 })
    expect(stakeRange('odds', '1', undefined, { soddsMinLimit: 5 })).toEqual({
      min: 5,
      max: 50_000,
    })
  })
  it('maps market types to limit kinds', () => {
    expect(limitKindOf('BOOKMAKER')).toBe('bookmaker')
    expect(limitKindOf('SESSION')).toBe('fancy')
    expect(limitKindOf('WIN')).toBe('odds')
  })
})
