import { describe, expect, it } from 'vitest'
import { DEFAULT_STAKE_PRESETS, phoneLengthFor, STAKE_MAX } from './limits'
import { phoneLength } from './validation-messages'

describe('phone length by country', () => {
  it('is 10 for the listed codes, with or without the plus sign, and 10 by default', () => {
    for (const code of ['91', '+971', '880', '+1', '92', '44', '+977'])
      expect(phoneLengthFor(code)).toBe(10)
  })
  it('formats the length message', () => {
    expect(phoneLength(10)).toBe('Phone Number must be 10 digits')
  })
})

describe('stake presets', () => {
  it('defaults are ten whole-rupee buttons under the maximum', () => {
    expect(DEFAULT_STAKE_PRESETS).toHaveLength(10)
    expect(DEFAULT_STAKE_PRESETS.every((s) => Number.isInteger(s) && s <= STAKE_MAX)).toBe(true)
  })
})
