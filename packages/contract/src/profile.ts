import { z } from 'zod'
import { ok } from './envelope'

/**
 * GET account/{memberCode}/profile/get (memberCode = the user's `_id`; fields not shown, ours).
 * The page shows who the account is; money lives in the balance call.
 */
export const profile = z.object({
  memberCode: z.string(),
  name: z.string(),
  user_name: z.string(),
  email: z.string().nullable(),
  email_verified: z.boolean(),
  country_code: z.string().nullable(),
  mobile: z.string().nullable(),
  /** ISO 8601 UTC */
  createdAt: z.iso.datetime(),
})
export type Profile = z.infer<typeof profile>
export const profileResponse = ok(profile)

/**
 * GET profile/verify/email/{memberCode}/{verifytoken}: the page shows `status.statusDesc`.
 * Not shown: the code values.
 */
export const verifyEmailResponse = z.object({
  status: z.object({
    statusCode: z.enum(['SUCCESS', 'FAILED']),
    statusDesc: z.string(),
  }),
})
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponse>
