import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { IssuedToken, TokenService } from '../auth/tokens'
import type { Clock } from '../clock'
import type { Database, User } from '../db/schema'
import type { SessionCheck } from '../plugins/auth'
import { fail } from '../result'

/** Records a session row and issues its token; the row's id is the token's `sid`. */
export async function startSession(
  db: Kysely<Database>,
  tokens: TokenService,
  user: Pick<User, 'id' | 'brand_id' | 'role'>,
): Promise<IssuedToken> {
  const sessionId = randomUUID()
  const issued = await tokens.issue({
    userId: user.id,
    brandId: user.brand_id,
    role: user.role,
    sessionId,
  })
  await db
    .insertInto('sessions')
    .values({ id: sessionId, user_id: user.id, expires_at: new Date(issued.expiresAt * 1000) })
    .execute()
  return issued
}

export async function revokeSession(
  db: Kysely<Database>,
  clock: Clock,
  sessionId: string,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date(clock.now()) })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute()
}

/**
 * Refuses a token whose session was revoked (401) or whose user is locked (403). Tokens the
 * login did not issue (no session row) are judged by their signature and expiry alone.
 */
export const sessionCheck =
  (db: Kysely<Database>): SessionCheck =>
  async (claims) => {
    const session = await db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('id', '=', claims.sessionId)
      .executeTakeFirst()
    if (session?.revoked_at)
      return fail('AUTH.UNAUTHORIZED', 'You have been logged out. Please log in again.')
    const user = await db
      .selectFrom('users')
      .select('locked')
      .where('id', '=', claims.userId)
      .executeTakeFirst()
    if (user?.locked) return fail('AUTH.LOCKED', LOCKED_MSG)
    return null
  }

export const LOCKED_MSG = 'Your account is locked. Please contact support.'
