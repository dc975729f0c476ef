import { randomBytes, randomUUID } from 'node:crypto'
import type { registerRequest } from '@backlay/contract/auth'
import type { Kysely } from 'kysely'
import type { z } from 'zod'
import { hashPassword } from '../auth/password'
import type { Clock } from '../clock'
import { accountProfilesRepository } from '../db/repositories/account-profiles'
import { usersRepository } from '../db/repositories/users'
import type { Database, User } from '../db/schema'
import type { SignupMethod } from '../db/schema-accounts'
import { openUserCashAccount } from '../ledger/ledger'
import { fail, type Result, success } from '../result'

export const INVALID_REFERRAL_MSG = 'Invalid referral code.'
export const SIGNUP_CLOSED_MSG = 'Sign-up is not available on this site.'

export interface Referral {
  code: string
  /** Set when the code is an operator's: the new player belongs to that operator. */
  operatorId: string | null
}

/**
 * A referral or promo code of the brand: a user's own referral code, or an active promotion's
 * code. Lower-cased, as the registration payload sends it.
 */
export async function findReferral(
  db: Kysely<Database>,
  clock: Clock,
  brandId: string,
  code: string,
): Promise<Referral | null> {
  const normalised = code.trim().toLowerCase()
  const owner = await db
    .selectFrom('account_profiles')
    .innerJoin('users', 'users.id', 'account_profiles.user_id')
    .select(['users.id', 'users.role'])
    .where('users.brand_id', '=', brandId)
    .where((eb) => eb(eb.fn('lower', ['account_profiles.referral_code']), '=', normalised))
    .executeTakeFirst()
  if (owner) return { code: normalised, operatorId: owner.role === 'operator' ? owner.id : null }
  const promotion = await db
    .selectFrom('promotions')
    .select('id')
    .where('brand_id', '=', brandId)
    .where('active', '=', true)
    .where((eb) => eb(eb.fn('lower', ['code']), '=', normalised))
    .where((eb) =>
      eb.or([eb('valid_until', 'is', null), eb('valid_until', '>', new Date(clock.now()))]),
    )
    .executeTakeFirst()
  return promotion ? { code: normalised, operatorId: null } : null
}

/** 8 lower-case letters and digits, the code a player shares as /ReferBy/{code}. */
const newReferralCode = () =>
  randomBytes(6)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x')
    .slice(0, 8)

export interface NewPlayer {
  brandId: string
  userName: string
  name: string
  countryCode: string | null
  mobile: string | null
  password: string
  referral: Referral | null
  signupMethod: SignupMethod
}

/**
 * Creates a player with a cash account and a profile holding their own referral code. A player
 * referred by an operator belongs to that operator; everyone else signs up B2C.
 */
export async function createPlayer(
  db: Kysely<Database>,
  input: NewPlayer,
): Promise<Result<User, 'ACCOUNT.CONFLICT'>> {
  const users = usersRepository(db)
  if (await users.findByUserName(input.brandId, input.userName))
    return fail('ACCOUNT.CONFLICT', 'This username is already taken.')
  if (
    input.mobile &&
    input.countryCode &&
    (await users.findByMobile(input.brandId, input.countryCode, input.mobile))
  )
    return fail('ACCOUNT.CONFLICT', 'This mobile number is already registered.')
  const passwordHash = await hashPassword(input.password)
  try {
    const user = await db.transaction().execute(async (trx) => {
      const created = await usersRepository(trx).insert({
        id: randomUUID(),
        brand_id: input.brandId,
        role: 'player',
        user_name: input.userName,
        name: input.name,
        mobile: input.mobile,
        country_code: input.mobile ? input.countryCode : null,
        password_hash: passwordHash,
        is_b2c: input.referral?.operatorId == null,
        operator_id: input.referral?.operatorId ?? null,
        settings: JSON.stringify({}),
      })
      await openUserCashAccount(trx, created.id)
      await accountProfilesRepository(trx).save(created.id, {
        referral_code: newReferralCode(),
        referred_by_code: input.referral?.code ?? null,
        signup_method: input.signupMethod,
      })
      return created
    })
    return success(user)
  } catch (err) {
    // Two sign-ups racing for one name: the unique index decides, the loser gets the same answer.
    if (String((err as { code?: unknown }).code) === '23505')
      return fail('ACCOUNT.CONFLICT', 'This username or mobile number is already registered.')
    throw err
  }
}

/** POST /user/register with a validated payload (refer_code already lower-cased). */
export async function register(
  db: Kysely<Database>,
  clock: Clock,
  brandId: string,
  body: z.output<typeof registerRequest>,
): Promise<Result<User, 'ACCOUNT.CONFLICT' | 'REFERRAL.INVALID'>> {
  let referral: Referral | null = null
  if (body.refer_code) {
    referral = await findReferral(db, clock, brandId, body.refer_code)
    if (!referral) return fail('REFERRAL.INVALID', INVALID_REFERRAL_MSG)
  }
  return createPlayer(db, {
    brandId,
    userName: body.user_name,
    name: body.name,
    countryCode: body.country_code,
    mobile: body.mobile ?? null,
    password: body.password,
    referral,
    signupMethod: 'password',
  })
}
