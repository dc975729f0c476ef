import { betErrors, IDEMPOTENCY_KEY_HEADER, idempotencyKey } from '@backlay/contract/bets'
import { MSG } from '@backlay/contract/validation-messages'
import type { UserLimits } from '@backlay/exchange/limits'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import { statusForCode } from '../http/failure-status'
import { type Failure, fail, type Result } from '../result'
import type { Placed, Trader } from './trade-types'

/** HTTP status of a bet failure: the contract's table, else the shared reason mapping. */
export const betFailureStatus = (code: string): number =>
  (betErrors as Record<string, { http: number }>)[code]?.http ?? statusForCode(code)

/** §8: the client shows msg, else the first error description; both carry the reason. */
export function sendBetFailure(reply: FastifyReply, failure: Pick<Failure, 'code' | 'msg'>) {
  return reply.code(betFailureStatus(failure.code)).send({
    status: false,
    msg: failure.msg,
    code: failure.code,
    error: [{ description: failure.msg }],
  })
}

/**
 * Placement routes validate themselves (attachValidation) so a bad field answers with the
 * spec's own text as `msg` ('Bhaw cannot be less than 1.'), every issue listed in `error`.
 */
export function sendValidationFailure(reply: FastifyReply, request: FastifyRequest) {
  const error = request.validationError as
    | (Error & { validation?: { message?: string }[] })
    | undefined
  const issues = (error?.validation ?? []).map((i) => ({ description: i.message ?? 'invalid' }))
  return reply.code(400).send({
    status: false,
    msg: issues[0]?.description ?? MSG.somethingWentWrong,
    code: 'BET.INVALID',
    error: issues,
  })
}

const LIMIT_KEYS = /^[st]?(fancy|odds|bookmaker)(Min|Max)Limit$/

const TRADER_TTL_MS = 5_000
const traders = new WeakMap<FastifyInstance, Map<string, { trader: Trader; until: number }>>()

/**
 * The placing user: their ledger book (demo users trade demo money) and their own stake limits.
 * Kept for a few seconds: a burst of bets reads the users row once, and a changed limit applies
 * within TRADER_TTL_MS.
 */
export async function traderOf(app: FastifyInstance, userId: string): Promise<Trader | null> {
  const cache = traders.get(app) ?? new Map<string, { trader: Trader; until: number }>()
  traders.set(app, cache)
  const hit = cache.get(userId)
  if (hit && hit.until > Date.now()) return hit.trader
  const trader = await loadTrader(app, userId)
  if (trader) cache.set(userId, { trader, until: Date.now() + TRADER_TTL_MS })
  return trader
}

async function loadTrader(app: FastifyInstance, userId: string): Promise<Trader | null> {
  const user = await app.db
    .selectFrom('users')
    .select(['id', 'is_demo', 'settings'])
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!user) return null
  const limits: Record<string, number> = {}
  for (const [key, value] of Object.entries(user.settings ?? {})) {
    if (LIMIT_KEYS.test(key) && typeof value === 'number') limits[key] = value
  }
  return { userId: user.id, book: user.is_demo ? 'demo' : 'real', limits: limits as UserLimits }
}

type Stored = { ok: true; placed: Placed } | { ok: false; code: string; msg: string }

/** The answer stored for a placement under (user, Idempotency-Key), if it has one. */
export async function storedAnswer(
  db: Kysely<Database>,
  userId: string,
  key: string,
): Promise<Result<Placed> | undefined> {
  const stored = await db
    .selectFrom('bet_requests')
    .select('response')
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst()
  if (!stored) return undefined
  const answer = stored.response as Stored
  return answer.ok ? { ok: true, value: answer.placed } : fail(answer.code, answer.msg)
}

const inFlight = new WeakMap<FastifyInstance, Map<string, Promise<Result<Placed>>>>()

/**
 * Runs a placement once per (user, Idempotency-Key): a retry while the first is running waits
 * for it, a later retry reads the stored answer, so a client never places twice. The success
 * answer is stored inside the placement's own transaction (see the engine); a refusal after.
 */
export async function once(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: string,
  place: (key: string | undefined) => Promise<Result<Placed>>,
): Promise<Result<Placed>> {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER]
  if (header === undefined) return place(undefined)
  const key = idempotencyKey.safeParse(header)
  if (!key.success) {
    return fail('BET.INVALID', 'Idempotency-Key must be 8 to 64 letters, digits, - or _.')
  }
  const id = `${userId}:${key.data}`
  const running = inFlight.get(app) ?? new Map<string, Promise<Result<Placed>>>()
  inFlight.set(app, running)
  const pending = running.get(id)
  if (pending) return pending
  const run = (async (): Promise<Result<Placed>> => {
    const stored = await storedAnswer(app.db, userId, key.data)
    if (stored) return stored
    const result = await place(key.data)
    // A refusal is the key's answer for good; "try again" (a market moving, 503) is not, or
    // every retry under the key would read it back.
    if (!result.ok && betFailureStatus(result.code) < 500) {
      await app.db
        .insertInto('bet_requests')
        .values({
          user_id: userId,
          idempotency_key: key.data,
          http_status: betFailureStatus(result.code),
          response: JSON.stringify({ ok: false, code: result.code, msg: result.msg }),
        })
        .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
        .execute()
    }
    return result
  })()
  running.set(id, run)
  try {
    return await run
  } finally {
    running.delete(id)
  }
}
