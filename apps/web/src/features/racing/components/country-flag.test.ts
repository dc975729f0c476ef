import { describe, expect, it } from 'vitest'
import { flagUrl } from './country-flag'

describe('flagUrl', () => {
  it('finds a country’s flag by its code in either case', () => {
    expect(flagUrl('GB')).toMatch(/\/gb\.svg(\?|$)/)
    expect(flagUrl('ie')).toMatch(/\/ie\.svg(\?|$)/)
  })

  it('has none for a code that names no country', () => {
    expect(flagUrl('')).toBeUndefined()
    expect(flagUrl('XQ')).toBeUndefined()
    expect(flagUrl('../gb')).toBeUndefined()
  })
})
