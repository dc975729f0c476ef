import { describe, expect, it } from 'vitest'
import { offsetOf } from './time-zone-store'

describe('offsetOf (shell §4 time settings)', () => {
  it('is India time by default setting, UTC for system', () => {
    expect(offsetOf('india')).toBe(330)
    expect(offsetOf('system')).toBe(0)
  })

  it("follows the device's own zone", () => {
    const at = new Date('2026-11-23T12:00:00Z')
    expect(offsetOf('device', at)).toBe(-at.getTimezoneOffset())
  })
})
