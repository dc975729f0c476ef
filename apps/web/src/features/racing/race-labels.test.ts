import { describe, expect, it } from 'vitest'
import { raceHeaderTime, startLabel } from './race-labels'

const now = Date.parse('2026-11-23T10:00:00Z')
const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString()

describe('startLabel', () => {
  it('reads hours and minutes within a day', () => {
    expect(startLabel(at(200), now)).toEqual({ kind: 'opens', days: null, hours: 3, minutes: 20 })
    expect(startLabel(at(-75), now)).toEqual({ kind: 'started', days: null, hours: 1, minutes: 15 })
  })
  it('reads days and hours beyond a day', () => {
    expect(startLabel(at(2 * 1440 + 185), now)).toEqual({
      kind: 'opens',
      days: 2,
      hours: 3,
      minutes: null,
    })
    expect(startLabel(at(-(1440 + 60)), now)).toEqual({
      kind: 'started',
      days: 1,
      hours: 1,
      minutes: null,
    })
  })
})

describe('race header', () => {
  it('shows h:mm AM/PM, DD-MM-YYYY in India time', () => {
    expect(raceHeaderTime('2026-11-23T14:05:00Z')).toBe('7:35 PM, 23-11-2026')
  })
})
