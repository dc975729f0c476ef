import { randomUUID } from 'node:crypto'
import { checkOtp, issueOtp, maskMobile, type OtpDeps, type OtpFailureCode } from '../auth/otp'
import type { User } from '../db/schema'
import { fail, type Result, success } from '../result'

export const STEP_UP_MSG =
  'Too many failed logins for this account. Enter the OTP sent to your registered mobile number to log in.'
const NO_MOBILE_MSG =
  'Too many failed logins for this account. Please reset your password to log in.'
const WRONG_CHALLENGE = fail('OTP.NOT_FOUND', 'OTP request not found. Please request a new OTP.')

export interface StepUpChallenge {
  orderId: string
  /** Masked: '******0002'. */
  mobile: string
}

/**
 * The OTP challenge that confirms a right password on an account under attack: the one still
 * pending (its code stays valid, so asking again sends nothing new), else a fresh one sent to the
 * registered mobile. An account without a mobile can only reset its password.
 */
export async function loginChallenge(
  deps: OtpDeps,
  user: User,
): Promise<Result<StepUpChallenge, 'AUTH.STEP_UP_UNAVAILABLE' | OtpFailureCode>> {
  if (!user.mobile || !user.country_code) return fail('AUTH.STEP_UP_UNAVAILABLE', NO_MOBILE_MSG)
  const pending = await deps.db
    .selectFrom('otp_challenges')
    .select('id')
    .where('user_id', '=', user.id)
    .where('purpose', '=', 'login')
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', new Date(deps.clock.now()))
    .orderBy('sent_at', 'desc')
    .executeTakeFirst()
  if (pending) return success({ orderId: pending.id, mobile: maskMobile(user.mobile) })
  const issued = await issueOtp(deps, {
    purpose: 'login',
    channel: 'sms',
    brandId: user.brand_id,
    userId: user.id,
    countryCode: user.country_code,
    mobile: user.mobile,
    deliver: true,
  })
  if (!issued.ok) return issued
  return success({ orderId: issued.value.orderId, mobile: maskMobile(user.mobile) })
}

/** Checks (and uses up) the login OTP the user was sent; a code of another user never counts. */
export async function confirmLoginChallenge(
  deps: OtpDeps,
  user: User,
  input: { orderId: string; otp: string },
): Promise<Result<true, OtpFailureCode>> {
  return deps.db.transaction().execute(async (trx) => {
    const checked = await checkOtp(trx, deps.clock, {
      orderId: input.orderId,
      purpose: 'login',
      code: input.otp,
      mark: 'consume',
    })
    if (!checked.ok) return checked
    return checked.value.user_id === user.id ? success(true as const) : WRONG_CHALLENGE
  })
}

/** Tells the player in their notifications that their account is being guessed at. */
export async function notifyLoginAttack(deps: Pick<OtpDeps, 'db'>, user: User) {
  await deps.db
    .insertInto('notification_messages')
    .values({
      id: `login-guard:${user.id}:${randomUUID()}`,
      brand_id: user.brand_id,
      user_id: user.id,
      text: 'Someone entered a wrong password for your account many times. Your next login asks for an OTP sent to your registered mobile. If it was not you, change your password.',
      type: null,
    })
    .execute()
}
