import type { Kysely } from 'kysely'
import { hashPassword, verifyPassword } from '../auth/password'
import type { TokenService } from '../auth/tokens'
import type { Database } from '../db/schema'
import { fail, type Result, success } from '../result'
import { startSession } from '../use-cases/sessions'
import { loadOperator, type OperatorActor } from './guard'

const INVALID = { code: 'AUTH.INVALID_CREDENTIALS', msg: 'Invalid user id or password.' } as const

let decoyHash: Promise<string> | undefined

/**
 * Console sign-in by user id, on any host: operators are not tied to the brand a host serves.
 * A player's credentials get the same answer as wrong ones, so the console reveals nothing.
 */
export async function operatorLogin(
  deps: { db: Kysely<Database>; tokens: TokenService },
  userName: string,
  password: string,
): Promise<
  Result<{ token: string; expiresAt: number; operator: OperatorActor }, typeof INVALID.code>
> {
  const user = await deps.db
    .selectFrom('users')
    .selectAll()
    .where('role', '=', 'operator')
    .where((eb) => eb(eb.fn('lower', ['user_name']), '=', userName.toLowerCase()))
    .orderBy('created_at')
    .executeTakeFirst()
  decoyHash ??= hashPassword('decoy-password-never-used')
  const passwordOk = await verifyPassword(user?.password_hash ?? (await decoyHash), password)
  const operator = user && passwordOk ? await loadOperator(deps.db, user.id) : null
  if (!user || !operator) return fail(INVALID.code, INVALID.msg)
  const issued = await startSession(deps.db, deps.tokens, user)
  return success({ token: issued.token, expiresAt: issued.expiresAt, operator })
}
