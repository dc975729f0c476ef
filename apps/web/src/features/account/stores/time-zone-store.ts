import { INDIA_OFFSET_MINUTES } from '@backlay/contract/limits'
import { isTimeZoneName, type TimeZoneName } from '@backlay/contract/time-zones'
import { create } from 'zustand'
import { local } from '../../../lib/storage'

const KEY = 'timeZoneName'

/**
 * Shell §4 time-zone setting → minutes east of UTC applied to every displayed time:
 * system = UTC (0), device = the browser's zone, india = +330 (the default).
 * offsetOf('india') → 330
 */
export const offsetOf = (name: TimeZoneName, at = new Date()): number => {
  if (name === 'system') return 0
  if (name === 'device') return -at.getTimezoneOffset()
  return INDIA_OFFSET_MINUTES
}

const stored = local.get(KEY)

export const useTimeZoneStore = create<{
  name: TimeZoneName
  setName: (name: TimeZoneName) => void
}>((set) => ({
  name: isTimeZoneName(stored) ? stored : 'india',
  setName: (name) => {
    local.set(KEY, name)
    set({ name })
  },
}))

export const useUtcOffset = (): number => offsetOf(useTimeZoneStore((s) => s.name))
