import { randomBytes, randomInt } from 'node:crypto'
import type { OtpSentResponse } from '@backlay/contract/auth'
import type { ForgotPasswordRequest } from '@backlay/contract/password-reset'
import type { Kysely } from 'kysely'
import {
  checkOtp,
  type IssuedOtp,
  issueOtp,
  maskMobile,
  type OtpDeps,
  type OtpFailureCode,
  resendOtp,
  takeVerified,
} from '../auth/otp'
import { hashPassword, verifyPassword } from '../auth/password'
import type { IssuedToken, TokenService } from '../auth/tokens'
import type { Clock } from '../clock'
import { usersRepository } from '../db/repositories/users'
import type { Database, User } from '../db/schema'
import type { OtpChannel, OtpPurpose } from '../db/schema-accounts'
import { fail, type Result, success } from '../result'
import { LOCKED_MSG, revokeOtherSessions, startSession } from './sessions'

export interface ResetDeps extends OtpDeps {
  tokens: TokenService
}

export const otpSentAnswer = (issued: IssuedOtp, msg: string): OtpSentResponse => ({
  status: true,
  msg,
  mobile: maskMobile(issued.mobile),
  data: { orderId: issued.orderId },
  otp_expiry_time: issued.expiresAt.toISOString(),
})

const RESET_SENT_MSG = 'OTP sent to your registered mobile number.'

const randomMobile = () => String(randomInt(0, 10 ** 10)).padStart(10, '0')

/**
 * Forgot password, step 1 (SMS or WhatsApp). An unknown account, or one without a mobile, gets
 * the same answer with a masked dummy number and a challenge that can never verify, so the call
 * does not tell which accounts exist. A number still inside its resend wait gets that same kind
 * of answer too: "please wait" would tell a stranger the name exists and was just asked for. The
 * code sent before stays valid for its own challenge.
 */
export async function requestPasswordReset(
  deps: ResetDeps,
  brandId: string,
  channel: OtpChannel,
  input: ForgotPasswordRequest,
): Promise<Result<OtpSentResponse, OtpFailureCode>> {
  const users = usersRepository(deps.db)
  const user = input.mobile
    ? await users.findByMobile(brandId, input.country_code, input.mobile)
    : await users.findByUserName(brandId, input.user_name ?? '')
  const reachable = user?.mobile && user.country_code && !user.is_demo ? user : null
  const target = {
    purpose: 'reset' as const,
    channel,
    brandId,
    userId: reachable?.id ?? null,
    countryCode: reachable?.country_code ?? input.country_code,
    mobile: reachable?.mobile ?? input.mobile ?? randomMobile(),
    deliver: reachable !== null,
  }
  let issued = await issueOtp(deps, target)
  if (!issued.ok && issued.code === 'OTP.RATE_LIMITED') {
    const decoy = await issueOtp(deps, {
      ...target,
      userId: null,
      mobile: randomMobile(),
      deliver: false,
    })
    issued = decoy.ok ? success({ ...decoy.value, mobile: target.mobile }) : decoy
  }
  return issued.ok ? success(otpSentAnswer(issued.value, RESET_SENT_MSG)) : issued
}

export async function resendChallenge(
  deps: ResetDeps,
  orderId: string,
  purpose: OtpPurpose,
): Promise<Result<OtpSentResponse, OtpFailureCode>> {
  const issued = await resendOtp(deps, orderId, purpose)
  return issued.ok ? success(otpSentAnswer(issued.value, 'OTP sent again.')) : issued
}

export interface PasswordChanged {
  user: User
  /** The new session: every earlier session of the user was ended. */
  session: IssuedToken
}

type ResetFailure = OtpFailureCode | 'AUTH.LOCKED'

async function setNewPassword(
  deps: ResetDeps,
  trx: Kysely<Database>,
  userId: string | null,
  newPassword: string,
): Promise<Result<User, ResetFailure>> {
  const user = userId ? await usersRepository(trx).findById(userId) : undefined
  if (!user) return fail('OTP.NOT_FOUND', 'OTP request not found. Please request a new OTP.')
  if (user.locked) return fail('AUTH.LOCKED', LOCKED_MSG)
  await usersRepository(trx).updatePasswordHash(user.id, await hashPassword(newPassword))
  await revokeOtherSessions(trx, deps.clock, user.id, null)
  return success(user)
}

/** Ends the challenge and the old sessions in one transaction, then starts a fresh session. */
async function finishReset(
  deps: ResetDeps,
  run: (trx: Kysely<Database>) => Promise<Result<User, ResetFailure>>,
): Promise<Result<PasswordChanged, ResetFailure>> {
  const changed = await deps.db.transaction().execute(run)
  if (!changed.ok) return changed
  return success({
    user: changed.value,
    session: await startSession(deps.db, deps.tokens, changed.value),
  })
}

/** POST /auth/verifyforgotPassword: OTP and new password together. */
export const resetPasswordWithOtp = (
  deps: ResetDeps,
  input: { orderId: string; otp: string; newPassword: string },
) =>
  finishReset(deps, async (trx) => {
    const checked = await checkOtp(trx, deps.clock, {
      orderId: input.orderId,
      purpose: 'reset',
      code: input.otp,
      mark: 'consume',
    })
    if (!checked.ok) return checked
    return setNewPassword(deps, trx, checked.value.user_id, input.newPassword)
  })

/** POST whatsapp/verifyResetPasswordOtp: checks the code; whatsapp/setPassword finishes. */
export async function verifyResetOtp(
  deps: ResetDeps,
  input: { orderId: string; otp: string },
): Promise<Result<true, OtpFailureCode>> {
  const checked = await deps.db
    .transaction()
    .execute((trx) =>
      checkOtp(trx, deps.clock, { ...input, code: input.otp, purpose: 'reset', mark: 'verify' }),
    )
  return checked.ok ? success(true) : checked
}

export const setPasswordAfterVerify = (
  deps: ResetDeps,
  input: { orderId: string; newPassword: string },
) =>
  finishReset(deps, async (trx) => {
    const taken = await takeVerified(trx, deps.clock, { orderId: input.orderId, purpose: 'reset' })
    if (!taken.ok) return taken
    return setNewPassword(deps, trx, taken.value.user_id, input.newPassword)
  })

/**
 * user/selfChangePassword: the old password must match; every other session of the user ends,
 * the calling one stays.
 */
export async function changeOwnPassword(
  db: Kysely<Database>,
  clock: Clock,
  input: { userId: string; sessionId: string; oldPassword: string; newPassword: string },
): Promise<Result<true, 'ACCOUNT.WRONG_PASSWORD' | 'ACCOUNT.SAME_PASSWORD' | 'AUTH.UNAUTHORIZED'>> {
  const users = usersRepository(db)
  const user = await users.findById(input.userId)
  if (!user) return fail('AUTH.UNAUTHORIZED', 'Please log in to continue.')
  if (!(await verifyPassword(user.password_hash, input.oldPassword)))
    return fail('ACCOUNT.WRONG_PASSWORD', 'Old password is incorrect.')
  if (input.oldPassword === input.newPassword)
    return fail('ACCOUNT.SAME_PASSWORD', 'New password must differ from the old password.')
  const hash = await hashPassword(input.newPassword)
  await db.transaction().execute(async (trx) => {
    await usersRepository(trx).updatePasswordHash(user.id, hash)
    await revokeOtherSessions(trx, clock, user.id, input.sessionId)
  })
  return success(true)
}

/** A password nobody knows, for accounts created by OTP (they log in by OTP or reset it). */
export const unguessablePassword = () => randomBytes(12).toString('base64url').slice(0, 16)
