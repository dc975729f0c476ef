import { describe, expect, it } from 'vitest'
import { visibleRange } from './zoom'

describe('the chart zoom', () => {
  it('ends now and spans 5 minutes or an hour; all shows everything', () => {
    expect(visibleRange('5m', 1_000_000)).toEqual({ from: 999_700, to: 1_000_000 })
    expect(visibleRange('1h', 1_000_000)).toEqual({ from: 996_400, to: 1_000_000 })
    expect(visibleRange('all', 1_000_000)).toBeNull()
  })
})
