import { randomUUID } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { IssuedToken, SessionClaims, TokenService } from '../auth/tokens'
import type { Clock } from '../clock'
import { batchedReader } from '../db/batched-reader'
import type { OwnWrites } from '../db/own-writes'
import type { Database, User } from '../db/schema'
import { type Failure, fail } from '../result'

/**
 * Checks on a valid token. The session check (live session row, user not locked) is always
 * first; later work may add more. Return a failure to refuse.
 */
export type SessionCheck = (
  claims: SessionClaims,
  request: FastifyRequest,
) => Promise<Failure | null>

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

/**
 * A token with less than half its lifetime left is replaced by a fresh one for the same session
 * (its row's end moves along), so an active player is never logged out mid-visit. Undefined when
 * the token is young enough to keep.
 */
export async function renewSessionIfDue(
  db: Kysely<Database>,
  tokens: TokenService,
  clock: Clock,
  ttlSeconds: number,
  claims: SessionClaims & { expiresAt: number },
): Promise<IssuedToken | undefined> {
  const left = claims.expiresAt - Math.floor(clock.now() / 1000)
  if (left * 2 > ttlSeconds) return undefined
  const issued = await tokens.issue(claims)
  await db
    .updateTable('sessions')
    .set({ expires_at: new Date(issued.expiresAt * 1000) })
    .where('id', '=', claims.sessionId)
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
 * Session rows by id with their user's lock, read in batches and kept while the store does not
 * change under them (see batchedReader).
 */
const sessionReader = (db: Kysely<Database>, ownWrites: OwnWrites | undefined) =>
  batchedReader(
    async (sessionIds: string[]) => {
      const rows = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select([
          'sessions.id',
          'sessions.revoked_at',
          'sessions.expires_at',
          'sessions.user_id',
          'users.locked',
        ])
        .where('sessions.id', 'in', sessionIds)
        .execute()
      return new Map(rows.map((row) => [row.id, row]))
    },
    ownWrites?.rows(['sessions', 'users']),
  )

/**
 * Refuses a token whose session row is missing, revoked or past its end (401), or whose user is
 * locked (403). Only the login issues session rows, so a token signed some other way (a leaked
 * secret, a test helper) still needs a live row to be accepted.
 */
export const sessionCheck = (
  db: Kysely<Database>,
  clock: Clock,
  ownWrites: OwnWrites | undefined,
): SessionCheck => {
  const read = sessionReader(db, ownWrites)
  return async (claims) => {
    const session = await read(claims.sessionId)
    if (!session || session.user_id !== claims.userId)
      return fail('AUTH.UNAUTHORIZED', 'Invalid session. Please log in again.')
    if (session.revoked_at)
      return fail('AUTH.UNAUTHORIZED', 'You have been logged out. Please log in again.')
    if (session.expires_at.getTime() <= clock.now())
      return fail('AUTH.UNAUTHORIZED', 'Session expired. Please log in again.')
    if (session.locked) return fail('AUTH.LOCKED', LOCKED_MSG)
    return null
  }
}

/** Ends every live session of a user except `keepSessionId` (password change, reset). */
export async function revokeOtherSessions(
  db: Kysely<Database>,
  clock: Clock,
  userId: string,
  keepSessionId: string | null,
): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: new Date(clock.now()) })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
  if (keepSessionId) query = query.where('id', '<>', keepSessionId)
  await query.execute()
}

export const LOCKED_MSG = 'Your account is locked. Please contact support.'
