import { describe, expect, it } from 'vitest'
import { groupIndian } from './indian-number'

describe('Indian digit grouping', () => {
  it.each([
    [0, 0, '0'],
    [999, 0, '999'],
    [1000, 0, '1,000'],
    [500000, 0, '5,00,000'],
    [10000000, 0, '1,00,00,000'],
    [123456789, 0, '12,34,56,789'],
    [-1234.5, 2, '-1,234.50'],
    [100000, 2, '1,00,000.00'],
  ])('groupIndian(%d, %d) → %s', (n, decimals, text) => {
    expect(groupIndian(n, decimals)).toBe(text)
  })
})
