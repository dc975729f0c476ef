import { INDIA_OFFSET_MINUTES } from '@backlay/contract/limits'
import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'

dayjs.extend(utc)

export interface StartLabel {
  /** 'opens' before the start, 'started' after it. */
  kind: 'opens' | 'started'
  /** Filled for the "X days Y hours" form, else null. */
  days: number | null
  hours: number
  minutes: number | null
}

/**
 * §2 race start label: 'Opens in 2 days 3 hours' / 'Opens in 3 hours 20 minutes', and the same
 * with 'Started on' once the race is under way. startLabel(now + 200 min) → opens, 3 h 20 min.
 */
export function startLabel(startIso: string, now: number): StartLabel {
  const diff = Date.parse(startIso) - now
  const kind = diff > 0 ? 'opens' : 'started'
  const totalMinutes = Math.floor(Math.abs(diff) / 60_000)
  const days = Math.floor(totalMinutes / 1440)
  const hours = Math.floor((totalMinutes % 1440) / 60)
  const minutes = totalMinutes % 60
  return days > 0 ? { kind, days, hours, minutes: null } : { kind, days: null, hours, minutes }
}

/** Desktop header time: h:mm AM/PM, DD-MM-YYYY in India time. */
export const raceHeaderTime = (iso: string, offset = INDIA_OFFSET_MINUTES): string =>
  dayjs.utc(iso).utcOffset(offset).format('h:mm A, DD-MM-YYYY')
