import { describe, expect, it } from 'vitest'
import { msToReach, multiplierAt } from './curve'

describe('multiplier curve e^(0.00006·t)', () => {
  it('starts at 1.00× and doubles after about 11.55 s', () => {
    expect(multiplierAt(0)).toBe(100)
    expect(multiplierAt(11_552)).toBe(199)
    expect(multiplierAt(11_553)).toBe(200)
    expect(msToReach(200)).toBe(11_553)
  })

  it('msToReach is the first millisecond showing the multiplier, for every target up to 100×', () => {
    for (let m = 100; m <= 10_000; m += 7) {
      const ms = msToReach(m)
      expect(multiplierAt(ms)).toBeGreaterThanOrEqual(m)
      if (ms > 0) expect(multiplierAt(ms - 1)).toBeLessThan(m)
    }
  })
})
