import type { LoginResponse } from '@backlay/contract/auth'
import type { Kysely } from 'kysely'
import { hashPassword, verifyPassword } from '../auth/password'
import type { TokenService } from '../auth/tokens'
import type { Clock } from '../clock'
import { usersRepository } from '../db/repositories/users'
import type { Database, User } from '../db/schema'
import { fail, type Result, success } from '../result'
import { LOCKED_MSG, startSession } from './sessions'
import { settingsWithDefaults, toContractUser } from './user-profile'

export const INVALID_CREDENTIALS_MSG = 'Invalid user id or password.'

export interface LoginDeps {
  db: Kysely<Database>
  tokens: TokenService
  clock: Clock
}

export interface LoginInput {
  brandId: string
  /** A user id, or '+<country code><number>' for a mobile login. */
  userName: string
  password: string
}

// An unknown user still costs one argon2 verification, so timing does not tell which ids exist.
let decoyHash: Promise<string> | undefined
const decoy = () => {
  decoyHash ??= hashPassword('decoy-password-never-used')
  return decoyHash
}

/** The user a login names: a user id, or '+<country code><number>' for a mobile login. */
export function findLoginUser(db: Kysely<Database>, brandId: string, userName: string) {
  const users = usersRepository(db)
  return userName.startsWith('+')
    ? users.findByFullMobile(brandId, userName)
    : users.findByUserName(brandId, userName)
}

/**
 * The user the credentials name, when the password is theirs. Unknown user and wrong password
 * give the same failure; a locked user is refused with 403.
 */
export async function checkCredentials(
  deps: Pick<LoginDeps, 'db'>,
  input: LoginInput,
): Promise<Result<User, 'AUTH.INVALID_CREDENTIALS' | 'AUTH.LOCKED'>> {
  const user = await findLoginUser(deps.db, input.brandId, input.userName)
  const passwordOk = await verifyPassword(user?.password_hash ?? (await decoy()), input.password)
  if (!user || !passwordOk) return fail('AUTH.INVALID_CREDENTIALS', INVALID_CREDENTIALS_MSG)
  if (user.locked) return fail('AUTH.LOCKED', LOCKED_MSG)
  return success(user)
}

/**
 * Starts a session for an authenticated user and answers in the login shape, one-click
 * betting forced off (shell §4). Also ends OTP sign-ups and OTP logins.
 */
export async function openSession(deps: LoginDeps, user: User): Promise<LoginResponse> {
  const users = usersRepository(deps.db)
  const current = settingsWithDefaults(user.settings)
  const settings = { ...current, oneClickSettings: { ...current.oneClickSettings, active: false } }
  await users.updateSettings(user.id, settings)
  const issued = await startSession(deps.db, deps.tokens, user)
  const expiresIn = issued.expiresAt - Math.floor(deps.clock.now() / 1000)
  const profile = toContractUser({ ...user, settings })
  return {
    status: true as const,
    msg: 'Login successful.',
    data: { ...profile, is_telegram_enable: 0 as const, access_token: issued.token },
    token: { accessToken: issued.token, expiresIn },
    operatorId: profile.operatorId,
  }
}
