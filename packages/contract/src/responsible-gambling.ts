import { z } from 'zod'
import { ok } from './envelope'
import { rupees } from './money'
import { MSG } from './validation-messages'

/**
 * Responsible gambling (the /responsible-gambling page; designed here). A lower deposit limit
 * applies at once; a higher one, or removing one, waits RG_COOLING_OFF_HOURS so a decision made
 * in the moment cannot be undone in the moment. Time-out and self-exclusion end every session;
 * while they run, login is refused, and neither can be shortened.
 * Paths: GET responsible-gambling, POST responsible-gambling/deposit-limits,
 * POST responsible-gambling/time-out, POST responsible-gambling/self-exclusion.
 */
export const RG_COOLING_OFF_HOURS = 24

const limitValue = rupees.positive().nullable()

/** Each limit in rupees; null removes it. Daily ≤ weekly ≤ monthly where set. */
export const depositLimitsRequest = z
  .strictObject({ daily: limitValue, weekly: limitValue, monthly: limitValue })
  .superRefine((v, ctx) => {
    if (v.daily !== null && v.weekly !== null && v.daily > v.weekly)
      ctx.addIssue({ code: 'custom', message: MSG.dailyAboveWeekly, path: ['daily'] })
    if (v.weekly !== null && v.monthly !== null && v.weekly > v.monthly)
      ctx.addIssue({ code: 'custom', message: MSG.weeklyAboveMonthly, path: ['weekly'] })
  })
export type DepositLimitsRequest = z.infer<typeof depositLimitsRequest>

export const timeOutRequest = z.strictObject({ period: z.enum(['24h', '7d', '30d']) })
export type TimeOutRequest = z.infer<typeof timeOutRequest>

/** The password confirms it is the account holder deciding. */
export const selfExclusionRequest = z.strictObject({
  period: z.enum(['6m', '1y', '5y', 'permanent']),
  password: z.string().min(1, MSG.fieldRequired),
})
export type SelfExclusionRequest = z.infer<typeof selfExclusionRequest>

const depositLimit = z.object({
  limit: rupees.nullable(),
  /** A raised or removed limit waiting for the cooling-off period. */
  pending_limit: rupees.nullable(),
  /** ISO 8601 UTC when pending_limit takes effect */
  pending_from: z.iso.datetime().nullable(),
  /** Deposited so far in the current day / week / month. */
  used: rupees,
})

export const responsibleGambling = z.object({
  deposit_limits: z.object({ daily: depositLimit, weekly: depositLimit, monthly: depositLimit }),
  time_out_until: z.iso.datetime().nullable(),
  self_exclusion: z.object({ until: z.iso.datetime().nullable(), permanent: z.boolean() }),
})
export type ResponsibleGambling = z.infer<typeof responsibleGambling>
export const responsibleGamblingResponse = ok(responsibleGambling)

/** Stable codes of refusals these settings cause, with HTTP status and msg. */
export const rgErrors = {
  'RG.DEPOSIT_LIMIT': { http: 409, msg: 'This deposit would exceed your deposit limit' },
  'RG.TIMED_OUT': { http: 403, msg: 'Your account is on a time-out' },
  'RG.SELF_EXCLUDED': { http: 403, msg: 'Your account is self-excluded' },
} as const
export type RgErrorCode = keyof typeof rgErrors
