import type { LoginResponse, OtpSentResponse, PhoneSignupRequest } from '@backlay/contract/auth'
import { checkOtp, issueOtp, type OtpFailureCode } from '../auth/otp'
import { usersRepository } from '../db/repositories/users'
import type { Brand } from '../db/schema'
import type { OtpChannel } from '../db/schema-accounts'
import { fail, type Result, success } from '../result'
import { siteOf } from './brand-config'
import { openSession } from './login'
import { otpSentAnswer, type ResetDeps, unguessablePassword } from './password-reset'
import { createPlayer, SIGNUP_CLOSED_MSG } from './register'
import { LOCKED_MSG } from './sessions'

/** whatsapp/send-code (WhatsApp) and createUserOtp/ (SMS): an OTP to the number being signed up. */
export async function sendSignupOtp(
  deps: ResetDeps,
  brandId: string,
  channel: OtpChannel,
  input: PhoneSignupRequest,
): Promise<Result<OtpSentResponse, OtpFailureCode>> {
  const issued = await issueOtp(deps, {
    purpose: 'signup',
    channel,
    brandId,
    userId: null,
    countryCode: input.country_code,
    mobile: input.mobile,
    deliver: true,
  })
  return issued.ok ? success(otpSentAnswer(issued.value, 'OTP sent.')) : issued
}

/**
 * whatsapp/verify: a correct code logs the owner of the number in, or, when the brand allows
 * sign-up, creates their account (user id 'p' + country code + number) and logs it in.
 */
export async function verifySignupOtp(
  deps: ResetDeps,
  brand: Brand,
  host: string,
  input: { orderId: string; otp: string },
): Promise<
  Result<LoginResponse, OtpFailureCode | 'AUTH.LOCKED' | 'SIGNUP.FORBIDDEN' | 'ACCOUNT.CONFLICT'>
> {
  const checked = await deps.db.transaction().execute((trx) =>
    checkOtp(trx, deps.clock, {
      orderId: input.orderId,
      purpose: 'signup',
      code: input.otp,
      mark: 'consume',
    }),
  )
  if (!checked.ok) return checked
  const { country_code: countryCode, mobile } = checked.value
  const existing = await usersRepository(deps.db).findByMobile(brand.id, countryCode, mobile)
  if (existing) {
    if (existing.locked) return fail('AUTH.LOCKED', LOCKED_MSG)
    return success(await openSession(deps, existing))
  }
  const site = siteOf(brand, host)
  if (!(site.isSignup || site.isWhatsappSignup || site.isLoginWithOtp))
    return fail('SIGNUP.FORBIDDEN', SIGNUP_CLOSED_MSG)
  const userName = `p${countryCode.replace(/\D/g, '')}${mobile}`
  const created = await createPlayer(deps.db, {
    brandId: brand.id,
    userName,
    name: userName,
    countryCode,
    mobile,
    password: unguessablePassword(),
    referral: null,
    signupMethod: 'otp',
  })
  if (!created.ok) return created
  return success(await openSession(deps, created.value))
}
