import { describe, expect, it } from 'vitest'
import { dayWindow, recentDays } from './date-window'

describe('dayWindow', () => {
  it('turns India days into UTC instants, the end day included', () => {
    expect(dayWindow('2026-11-01', '2026-11-23', 330)).toEqual({
      from_date: '2026-10-31T18:30:00.000Z',
      to_date: '2026-11-23T18:30:00.000Z',
    })
  })

  it('uses plain UTC days for the system setting', () => {
    expect(dayWindow('2026-11-23', '2026-11-23', 0)).toEqual({
      from_date: '2026-11-23T00:00:00.000Z',
      to_date: '2026-11-24T00:00:00.000Z',
    })
  })
})

describe('recentDays', () => {
  it("counts today in the player's zone", () => {
    // 20:00 UTC is already the next day in India.
    expect(recentDays(7, 330, new Date('2026-11-23T20:00:00Z'))).toEqual({
      fromDay: '2026-11-18',
      toDay: '2026-11-24',
    })
  })
})
