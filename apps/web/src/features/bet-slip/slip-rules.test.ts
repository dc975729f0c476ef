import { describe, expect, it } from 'vitest'
import {
  betOutcome,
  cleanStake,
  isExchangeSlip,
  placeBlocker,
  sessionLiability,
  stepOdds,
} from './slip-rules'

describe('cleanStake', () => {
  it('keeps at most 2 decimals and only digits', () => {
    expect(cleanStake('12.345', true)).toEqual({ text: '12.34' })
    expect(cleanStake('1a0', true)).toEqual({ text: '10' })
  })
  it("refuses more than 1,00,00,000 with the spec's message", () => {
    expect(cleanStake('10000001', true, '500')).toEqual({
      text: '500',
      error: 'Value cannot exceed 1,00,00,000.',
    })
    expect(cleanStake('10000000', true)).toEqual({ text: '10000000' })
  })
  it('caps a guest at 5,00,000', () => {
    expect(cleanStake('600000', false)).toEqual({ text: '500000' })
    expect(cleanStake('600000', true)).toEqual({ text: '600000' })
  })
})

describe('placeBlocker', () => {
  it('needs a stake above 0 and odds of at least 1.01', () => {
    expect(placeBlocker('MATCH_ODDS', 100, 1.01, 0)).toBeNull()
    expect(placeBlocker('MATCH_ODDS', 0, 2, 0)).toBe('')
    expect(placeBlocker('MATCH_ODDS', 100, 1, 0)).toBe('')
  })
  it("says 'Bhaw cannot be less than 1.' for a line at rate 1 or less", () => {
    expect(placeBlocker('SESSION', 100, 0, 1)).toBe('Bhaw cannot be less than 1.')
    expect(placeBlocker('SESSION', 100, 0, 90)).toBeNull()
  })
})

describe('betOutcome', () => {
  it('shows stake × odds − stake as back profit or lay liability', () => {
    expect(betOutcome('MATCH_ODDS', true, 100, 2.5, 0)).toEqual({ kind: 'profit', amount: 150 })
    expect(betOutcome('MATCH_ODDS', false, 100, 3.45, 0)).toEqual({
      kind: 'liability',
      amount: 245,
    })
  })
  it('rounds down to the paisa like the exchange', () => {
    expect(betOutcome('MATCH_ODDS', true, 3.33, 1.01, 0).amount).toBe(0.03)
  })
  it('shows stake × rate / 100 for sessions', () => {
    expect(betOutcome('SESSION', true, 100, 0, 90)).toEqual({ kind: 'profit', amount: 90 })
    expect(betOutcome('SESSION', false, 100, 0, 110)).toEqual({ kind: 'liability', amount: 110 })
    expect(sessionLiability(true, 100, 90)).toBe(100)
    expect(sessionLiability(false, 100, 110)).toBe(110)
  })
})

describe('stepOdds', () => {
  it('moves one ladder tick', () => {
    expect(stepOdds(1.99, 'up')).toBe(2)
    expect(stepOdds(2, 'up')).toBe(2.02)
    expect(stepOdds(2, 'down')).toBe(1.99)
    expect(stepOdds(1.01, 'down')).toBe(1.01)
  })
  it('snaps an off-ladder price in the direction asked', () => {
    expect(stepOdds(2.01, 'up')).toBe(2.02)
    expect(stepOdds(2.01, 'down')).toBe(2)
  })
})

describe('isExchangeSlip', () => {
  it('is a single match odds or racing win bet, not a combined, bookmaker or session one', () => {
    expect(isExchangeSlip({ marketType: 'MATCH_ODDS' })).toBe(true)
    expect(isExchangeSlip({ marketType: 'WIN' })).toBe(true)
    expect(isExchangeSlip({ marketType: 'WIN', legs: [{}, {}] })).toBe(false)
    expect(isExchangeSlip({ marketType: 'BOOKMAKER' })).toBe(false)
    expect(isExchangeSlip({ marketType: 'SESSION' })).toBe(false)
  })
})
