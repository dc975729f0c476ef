/** Shell §3, §4: the clocks displayed times can follow (time-settings.ts has the calls). */
export const TIME_ZONE_NAMES = ['system', 'device', 'india'] as const
export type TimeZoneName = (typeof TIME_ZONE_NAMES)[number]

/** isTimeZoneName('india') → true; isTimeZoneName('mars') → false. */
export const isTimeZoneName = (value: unknown): value is TimeZoneName =>
  (TIME_ZONE_NAMES as readonly unknown[]).includes(value)
