import { groupIndian } from '@backlay/exchange/indian-number'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  formatClock,
  formatDateTime,
  formatMatchTime,
  formatMoney,
  formatOdds,
  formatVolume,
  formatWhole,
} from './format'

describe('formatMoney', () => {
  it('groups crores and lakhs the Indian way with two decimals', () => {
    expect(formatMoney(10_000_000)).toBe('1,00,00,000.00')
    expect(formatMoney(12_345_678.5)).toBe('1,23,45,678.50')
  })

  it('keeps thousands below a lakh in one group', () => {
    expect(formatMoney(99_999.99)).toBe('99,999.99')
  })

  it('rounds to paise and signs losses', () => {
    expect(formatMoney(-1234.567)).toBe('-1,234.57')
    expect(formatMoney(0)).toBe('0.00')
  })

  it('agrees with the domain grouping rule for any amount in paise', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (paise) => {
        expect(formatMoney(paise / 100)).toBe(groupIndian(paise / 100, 2))
      }),
    )
  })
})

describe('formatWhole', () => {
  it('drops decimals and groups the Indian way', () => {
    expect(formatWhole(500_000)).toBe('5,00,000')
  })
})

describe('formatVolume', () => {
  it('rounds a fractional size up, never down', () => {
    expect(formatVolume(1234.01)).toBe('1,235')
  })

  it('applies the volume multiplier before rounding', () => {
    expect(formatVolume(100.2, 3)).toBe('301')
  })

  it('caps at 5,00,000 and above', () => {
    expect(formatVolume(499_999)).toBe('4,99,999')
    expect(formatVolume(500_000)).toBe('500.000+')
    expect(formatVolume(200_000, 3)).toBe('500.000+')
  })
})

describe('formatOdds', () => {
  it('shows ladder prices without padding zeros', () => {
    expect(formatOdds(2)).toBe('2')
    expect(formatOdds(1.5)).toBe('1.5')
    expect(formatOdds(1.01)).toBe('1.01')
    expect(formatOdds(1000)).toBe('1000')
  })
})

describe('times', () => {
  it('shows India time by default, whatever the machine zone', () => {
    expect(formatMatchTime('2026-11-23T14:00:00.000Z')).toBe('23 Nov 19:30')
    expect(formatClock(new Date('2026-11-23T20:15:05.000Z'))).toBe('24 Nov 2026, 01:45:05')
  })

  it('uses the offset the time setting asks for', () => {
    expect(formatMatchTime('2026-11-23T14:00:00.000Z', 0)).toBe('23 Nov 14:00')
    expect(formatMatchTime('2026-11-23T14:00:00.000Z', -300)).toBe('23 Nov 09:00')
  })
})

describe('formatDateTime', () => {
  it('shows statement times at the chosen offset', () => {
    expect(formatDateTime('2026-11-23T14:00:05.000Z')).toBe('23/11/2026 19:30:05')
    expect(formatDateTime('2026-11-23T14:00:05.000Z', 0)).toBe('23/11/2026 14:00:05')
  })
})
