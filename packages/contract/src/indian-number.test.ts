import { describe, expect, it } from 'vitest'
import { formatIndian } from './indian-number'

describe('formatIndian', () => {
  it('groups lakhs and crores', () => {
    expect(formatIndian(10_000_000, 0)).toBe('1,00,00,000')
    expect(formatIndian(500_000, 0)).toBe('5,00,000')
    expect(formatIndian(1234.5)).toBe('1,234.50')
    expect(formatIndian(-250)).toBe('-250.00')
  })
})
