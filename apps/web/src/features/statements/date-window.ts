import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'

dayjs.extend(utc)

/**
 * A day range picked in the player's time setting → the ISO instants list calls take
 * (from inclusive, to exclusive). dayWindow('2026-11-01', '2026-11-23', 330) →
 * { from_date: '2026-10-31T18:30:00.000Z', to_date: '2026-11-23T18:30:00.000Z' }
 */
export function dayWindow(fromDay: string, toDay: string, utcOffsetMinutes: number) {
  const startOf = (day: string) => dayjs.utc(day).subtract(utcOffsetMinutes, 'minute')
  return {
    from_date: startOf(fromDay).toISOString(),
    to_date: startOf(toDay).add(1, 'day').toISOString(),
  }
}

/** The default window: the last `days` days up to today in the player's time setting. */
export function recentDays(days: number, utcOffsetMinutes: number, now = new Date()) {
  const today = dayjs.utc(now).add(utcOffsetMinutes, 'minute').format('YYYY-MM-DD')
  const from = dayjs
    .utc(today)
    .subtract(days - 1, 'day')
    .format('YYYY-MM-DD')
  return { fromDay: from, toDay: today }
}
