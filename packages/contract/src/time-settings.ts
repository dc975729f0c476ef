import { z } from 'zod'
import { ok } from './envelope'
import { TIME_ZONE_NAMES } from './time-zones'

/**
 * Time settings (shell §3, §4): which clock displayed times follow. system = UTC, device = the
 * browser's zone, india = GMT+5:30 (INDIA_OFFSET_MINUTES, the default). Paths not shown; ours:
 * GET user/timeSetting and POST user/timeSetting `{ timeZoneName }`, both answering the setting
 * with the server's current time (ISO 8601 UTC).
 */
export const timeZoneName = z.enum(TIME_ZONE_NAMES)

export const timeSettingRequest = z.strictObject({ timeZoneName })
export const timeSettings = z.object({ timeZoneName, serverTime: z.iso.datetime() })
export type TimeSettings = z.infer<typeof timeSettings>
export const timeSettingsResponse = ok(timeSettings)
