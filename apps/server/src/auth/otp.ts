import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto'
import { OTP_LENGTH } from '@backlay/contract/limits'
import type { Kysely } from 'kysely'
import type { Clock } from '../clock'
import type { Database } from '../db/schema'
import type { OtpChallenge, OtpChannel, OtpPurpose } from '../db/schema-accounts'
import { fail, type Result, success } from '../result'
import type { OtpSender } from './otp-sender'

/** Issue limits: a code lives 10 minutes, takes 5 wrong tries, and is resent no sooner than 59 s. */
export const OTP_TTL_MS = 10 * 60_000
export const OTP_RESEND_WAIT_MS = 59_000
export const OTP_MAX_WRONG_TRIES = 5

export interface OtpDeps {
  db: Kysely<Database>
  clock: Clock
  sender: OtpSender
}

export interface OtpTarget {
  purpose: OtpPurpose
  channel: OtpChannel
  brandId: string
  /** Null for a sign-up, or for a reset asked for an unknown account: stored, never sent, never verifies. */
  userId: string | null
  countryCode: string
  mobile: string
  /** False stores the challenge without sending it (an unknown account must look the same). */
  deliver: boolean
}

export interface IssuedOtp {
  orderId: string
  expiresAt: Date
  mobile: string
}

export type OtpFailureCode =
  | 'OTP.RATE_LIMITED'
  | 'OTP.NOT_FOUND'
  | 'OTP.EXPIRED'
  | 'OTP.USED'
  | 'OTP.TOO_MANY_TRIES'
  | 'OTP.WRONG'
  | 'OTP.NOT_VERIFIED'

const waitFailure = (remainingMs: number) =>
  fail(
    'OTP.RATE_LIMITED',
    `Please wait ${Math.ceil(remainingMs / 1000)} seconds before requesting a new OTP.`,
  )
const NOT_FOUND = fail('OTP.NOT_FOUND', 'OTP request not found. Please request a new OTP.')
const EXPIRED = fail('OTP.EXPIRED', 'OTP has expired. Please request a new OTP.')
const USED = fail('OTP.USED', 'This OTP has already been used. Please request a new OTP.')
const TOO_MANY = fail(
  'OTP.TOO_MANY_TRIES',
  'Too many wrong attempts. This OTP is no longer valid. Please request a new OTP.',
)

/** Six digits from the CSPRNG, leading zeros kept: '004217'. */
const newCode = () => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0')
// The order id salts the hash, so equal codes of two challenges never share a stored value.
const hashCode = (orderId: string, code: string) =>
  createHash('sha256').update(`${orderId}:${code}`).digest('hex')
const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/** maskMobile('9876543210') → '******3210' */
export const maskMobile = (mobile: string) =>
  `${'*'.repeat(Math.max(0, mobile.length - 4))}${mobile.slice(-4)}`

async function deliver(
  deps: OtpDeps,
  challenge: Pick<OtpChallenge, 'id' | 'purpose' | 'channel' | 'country_code' | 'mobile'>,
  code: string,
) {
  await deps.sender.send({
    orderId: challenge.id,
    purpose: challenge.purpose,
    channel: challenge.channel,
    countryCode: challenge.country_code,
    mobile: challenge.mobile,
    code,
    sentAt: deps.clock.now(),
  })
}

/**
 * Starts a challenge and sends its code. A number that was sent a code of the same purpose less
 * than 59 s ago is refused, so a new request cannot bypass the resend wait.
 */
export async function issueOtp(
  deps: OtpDeps,
  target: OtpTarget,
): Promise<Result<IssuedOtp, OtpFailureCode>> {
  const now = deps.clock.now()
  const recent = await deps.db
    .selectFrom('otp_challenges')
    .select('sent_at')
    .where('brand_id', '=', target.brandId)
    .where('purpose', '=', target.purpose)
    .where('country_code', '=', target.countryCode)
    .where('mobile', '=', target.mobile)
    .where('sent_at', '>', new Date(now - OTP_RESEND_WAIT_MS))
    .orderBy('sent_at', 'desc')
    .executeTakeFirst()
  if (recent) return waitFailure(recent.sent_at.getTime() + OTP_RESEND_WAIT_MS - now)

  const orderId = randomUUID()
  const code = newCode()
  const expiresAt = new Date(now + OTP_TTL_MS)
  const challenge = {
    id: orderId,
    purpose: target.purpose,
    channel: target.channel,
    brand_id: target.brandId,
    user_id: target.userId,
    country_code: target.countryCode,
    mobile: target.mobile,
    code_hash: hashCode(orderId, code),
    sent_at: new Date(now),
    expires_at: expiresAt,
  }
  await deps.db.insertInto('otp_challenges').values(challenge).execute()
  if (target.deliver) await deliver(deps, challenge, code)
  return success({ orderId, expiresAt, mobile: target.mobile })
}

/** A new code for the same challenge, after the wait; the wrong-try count carries over. */
export async function resendOtp(
  deps: OtpDeps,
  orderId: string,
  purpose: OtpPurpose,
): Promise<Result<IssuedOtp, OtpFailureCode>> {
  const now = deps.clock.now()
  const code = newCode()
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const row = await lockChallenge(trx, orderId, purpose)
    if (!row) return NOT_FOUND
    if (row.consumed_at || row.verified_at) return USED
    if (row.failed_attempts >= OTP_MAX_WRONG_TRIES) return TOO_MANY
    const wait = row.sent_at.getTime() + OTP_RESEND_WAIT_MS - now
    if (wait > 0) return waitFailure(wait)
    const expiresAt = new Date(now + OTP_TTL_MS)
    await trx
      .updateTable('otp_challenges')
      .set({ code_hash: hashCode(orderId, code), sent_at: new Date(now), expires_at: expiresAt })
      .where('id', '=', orderId)
      .execute()
    return success({ row, expiresAt })
  })
  if (!outcome.ok) return outcome
  const { row, expiresAt } = outcome.value
  if (row.user_id || row.purpose === 'signup') await deliver(deps, row, code)
  return success({ orderId, expiresAt, mobile: row.mobile })
}

const lockChallenge = (trx: Kysely<Database>, orderId: string, purpose: OtpPurpose) =>
  trx
    .selectFrom('otp_challenges')
    .selectAll()
    .where('id', '=', orderId)
    .where('purpose', '=', purpose)
    .forUpdate()
    .executeTakeFirst()

/**
 * Checks a code inside the caller's transaction and marks the challenge: `consume` ends it,
 * `verify` only records the check (step-wise flows finish with `takeVerified`). A wrong code
 * counts one try; the fifth wrong try ends the challenge. Reset challenges of unknown accounts
 * never match.
 */
export async function checkOtp(
  trx: Kysely<Database>,
  clock: Clock,
  input: { orderId: string; purpose: OtpPurpose; code: string; mark: 'consume' | 'verify' },
): Promise<Result<OtpChallenge, OtpFailureCode>> {
  const now = clock.now()
  const row = await lockChallenge(trx, input.orderId, input.purpose)
  if (!row) return NOT_FOUND
  if (row.consumed_at || row.verified_at) return USED
  if (row.failed_attempts >= OTP_MAX_WRONG_TRIES) return TOO_MANY
  if (row.expires_at.getTime() <= now) return EXPIRED
  const matches =
    (row.user_id !== null || row.purpose === 'signup') &&
    sameHash(row.code_hash, hashCode(row.id, input.code))
  if (!matches) {
    const tries = row.failed_attempts + 1
    await trx
      .updateTable('otp_challenges')
      .set({ failed_attempts: tries })
      .where('id', '=', row.id)
      .execute()
    const left = OTP_MAX_WRONG_TRIES - tries
    return left > 0
      ? fail('OTP.WRONG', `Incorrect OTP. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`)
      : TOO_MANY
  }
  const stamp = new Date(now)
  await trx
    .updateTable('otp_challenges')
    .set(input.mark === 'consume' ? { consumed_at: stamp } : { verified_at: stamp })
    .where('id', '=', row.id)
    .execute()
  return success(row)
}

/** Ends a challenge whose code was checked by `checkOtp(…, 'verify')`, within its lifetime. */
export async function takeVerified(
  trx: Kysely<Database>,
  clock: Clock,
  input: { orderId: string; purpose: OtpPurpose },
): Promise<Result<OtpChallenge, OtpFailureCode>> {
  const row = await lockChallenge(trx, input.orderId, input.purpose)
  if (!row) return NOT_FOUND
  if (row.consumed_at) return USED
  if (!row.verified_at) return fail('OTP.NOT_VERIFIED', 'Please verify the OTP first.')
  if (row.expires_at.getTime() <= clock.now()) return EXPIRED
  await trx
    .updateTable('otp_challenges')
    .set({ consumed_at: new Date(clock.now()) })
    .where('id', '=', row.id)
    .execute()
  return success(row)
}
