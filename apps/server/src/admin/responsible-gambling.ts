import { INDIA_OFFSET_MINUTES } from '@backlay/contract/limits'
import {
  type DepositLimitsRequest,
  type ResponsibleGambling,
  RG_COOLING_OFF_HOURS,
  rgErrors,
  type SelfExclusionRequest,
  type TimeOutRequest,
} from '@backlay/contract/responsible-gambling'
import { type Kysely, type Selectable, sql } from 'kysely'
import { batchedReader } from '../db/batched-reader'
import type { OwnWrites } from '../db/own-writes'
import type { Database } from '../db/schema'
import type { DepositLimitPeriod, PlayerExclusionTable } from '../db/schema-admin'
import { type Failure, fail } from '../result'

/**
 * Responsible gambling: deposit limits (lower at once, higher or removed after the cooling-off
 * period), time-out and self-exclusion (immediate; refuse bets, casino launches and deposits on
 * every brand; never shortened).
 */

export type RgRefusalCode = 'RG.SELF_EXCLUDED' | 'RG.TIMED_OUT'
const refusal = <C extends keyof typeof rgErrors>(code: C) => fail(code, rgErrors[code].msg)

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
const COOLING_OFF_MS = RG_COOLING_OFF_HOURS * HOUR_MS
/** Deposit windows are the player's calendar day, week (from Monday) and month in India time. */
const INDIA_OFFSET_MS = INDIA_OFFSET_MINUTES * 60_000
/** Ledger transaction kind of an approved deposit. */
export const DEPOSIT_TRANSACTION_KIND = 'payment.deposit'

export const PERIODS: readonly DepositLimitPeriod[] = ['daily', 'weekly', 'monthly']

type ExclusionRow = Selectable<PlayerExclusionTable>

/**
 * Exclusion rows by user id, read in batches and kept while the store does not change under them
 * (see batchedReader): the gate asks on every bet, casino launch and deposit.
 */
export const exclusionReader = (db: Kysely<Database>, ownWrites: OwnWrites | undefined) =>
  batchedReader(
    async (userIds: string[]) => {
      const rows = await db
        .selectFrom('player_exclusions')
        .selectAll()
        .where('user_id', 'in', userIds)
        .execute()
      return new Map(rows.map((row) => [row.user_id, row]))
    },
    ownWrites?.rows(['player_exclusions']),
  )

/**
 * Refuses (as a value) a player on a time-out or self-excluded at `now`, given their exclusion
 * row; null lets them through. Check it before anything that stakes or brings money: bet
 * placement, casino launch, deposit.
 */
export function exclusionRefusal(
  row: ExclusionRow | undefined,
  now: number,
): Failure<RgRefusalCode> | null {
  if (!row) return null
  if (row.self_excluded_permanent) return refusal('RG.SELF_EXCLUDED')
  if (row.self_excluded_until && row.self_excluded_until.getTime() > now)
    return refusal('RG.SELF_EXCLUDED')
  if (row.time_out_until && row.time_out_until.getTime() > now) return refusal('RG.TIMED_OUT')
  return null
}

/** Start of the period containing `now`, as an instant: windowStart('daily', t) is India midnight. */
export function windowStart(period: DepositLimitPeriod, now: number): number {
  const local = new Date(now + INDIA_OFFSET_MS)
  const day = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate())
  if (period === 'daily') return day - INDIA_OFFSET_MS
  if (period === 'weekly') {
    const sinceMonday = (local.getUTCDay() + 6) % 7
    return day - sinceMonday * DAY_MS - INDIA_OFFSET_MS
  }
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - INDIA_OFFSET_MS
}

/**
 * Paise the player deposited since `from`: approved deposits and requests still pending (so a
 * stack of claims cannot pass a limit before an operator gets to them), by request time.
 */
async function depositedSince(db: Kysely<Database>, userId: string, from: number) {
  const row = await db
    .selectFrom('payment_requests')
    .select(sql<number>`coalesce(sum(amount), 0)::bigint`.as('total'))
    .where('user_id', '=', userId)
    .where('type', '=', 'DEPOSIT')
    .where('status', 'in', ['PENDING', 'APPROVED'])
    .where(sql<Date>`created_at`, '>=', new Date(from))
    .executeTakeFirstOrThrow()
  return Number(row.total)
}

interface EffectiveLimit {
  limit: number | null
  pendingLimit: number | null
  pendingFrom: Date | null
}

/** Limits as they stand at `now`: a pending change whose time has come is the limit. */
async function effectiveLimits(
  db: Kysely<Database>,
  userId: string,
  now: number,
): Promise<Record<DepositLimitPeriod, EffectiveLimit>> {
  const rows = await db
    .selectFrom('deposit_limits')
    .selectAll()
    .where('user_id', '=', userId)
    .execute()
  const out = {} as Record<DepositLimitPeriod, EffectiveLimit>
  for (const period of PERIODS) {
    const row = rows.find((r) => r.period === period)
    const due = row?.pending_from && row.pending_from.getTime() <= now
    out[period] = due
      ? { limit: row.pending_limit_paise, pendingLimit: null, pendingFrom: null }
      : {
          limit: row?.limit_paise ?? null,
          pendingLimit: row?.pending_from ? row.pending_limit_paise : null,
          pendingFrom: row?.pending_from ?? null,
        }
  }
  return out
}

/** 409 `RG.DEPOSIT_LIMIT` when `amountPaise` more would pass any limit in force at `now`. */
export async function checkDepositLimit(
  db: Kysely<Database>,
  userId: string,
  amountPaise: number,
  now: number,
): Promise<Failure<'RG.DEPOSIT_LIMIT'> | null> {
  const limits = await effectiveLimits(db, userId, now)
  for (const period of PERIODS) {
    const { limit } = limits[period]
    if (limit === null) continue
    const used = await depositedSince(db, userId, windowStart(period, now))
    if (used + amountPaise > limit) return refusal('RG.DEPOSIT_LIMIT')
  }
  return null
}

const toRupees = (paise: number | null) => (paise === null ? null : paise / 100)

/** The player's settings in the contract's shape. */
export async function readResponsibleGambling(
  db: Kysely<Database>,
  userId: string,
  now: number,
): Promise<ResponsibleGambling> {
  const limits = await effectiveLimits(db, userId, now)
  const exclusion = await db
    .selectFrom('player_exclusions')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst()
  const entry = async (period: DepositLimitPeriod) => ({
    limit: toRupees(limits[period].limit),
    pending_limit: toRupees(limits[period].pendingLimit),
    pending_from: limits[period].pendingFrom?.toISOString() ?? null,
    used: (await depositedSince(db, userId, windowStart(period, now))) / 100,
  })
  const live = (d: Date | null | undefined) => (d && d.getTime() > now ? d.toISOString() : null)
  return {
    deposit_limits: {
      daily: await entry('daily'),
      weekly: await entry('weekly'),
      monthly: await entry('monthly'),
    },
    time_out_until: live(exclusion?.time_out_until),
    self_exclusion: {
      until: live(exclusion?.self_excluded_until),
      permanent: exclusion?.self_excluded_permanent ?? false,
    },
  }
}

/**
 * Sets the three limits: a lower (or first) limit applies at once; a higher one, or removing
 * one, waits the cooling-off period. Asking again for the same pending value keeps its start.
 */
export async function setDepositLimits(
  db: Kysely<Database>,
  userId: string,
  request: DepositLimitsRequest,
  now: number,
): Promise<void> {
  const current = await effectiveLimits(db, userId, now)
  await db.transaction().execute(async (trx) => {
    for (const period of PERIODS) {
      const wanted = request[period] === null ? null : Math.round(request[period] * 100)
      const { limit, pendingLimit, pendingFrom } = current[period]
      const tighter = wanted !== null && (limit === null || wanted <= limit)
      const row = tighter
        ? { limit_paise: wanted, pending_limit_paise: null, pending_from: null }
        : wanted === limit
          ? { limit_paise: limit, pending_limit_paise: null, pending_from: null }
          : {
              limit_paise: limit,
              pending_limit_paise: wanted,
              pending_from:
                pendingFrom && pendingLimit === wanted
                  ? pendingFrom
                  : new Date(now + COOLING_OFF_MS),
            }
      await trx
        .insertInto('deposit_limits')
        .values({ user_id: userId, period, ...row, updated_at: new Date(now) })
        .onConflict((oc) =>
          oc.columns(['user_id', 'period']).doUpdateSet({ ...row, updated_at: new Date(now) }),
        )
        .execute()
    }
  })
}

const TIME_OUT_MS: Record<TimeOutRequest['period'], number> = {
  '24h': DAY_MS,
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
}
const EXCLUSION_MONTHS: Record<Exclude<SelfExclusionRequest['period'], 'permanent'>, number> = {
  '6m': 6,
  '1y': 12,
  '5y': 60,
}

const addMonths = (t: number, months: number) => {
  const d = new Date(t)
  d.setUTCMonth(d.getUTCMonth() + months)
  return d.getTime()
}

/** Ends every session of the user: a time-out or exclusion takes effect on open tabs too. */
async function revokeSessions(trx: Kysely<Database>, userId: string, now: number) {
  await trx
    .updateTable('sessions')
    .set({ revoked_at: new Date(now) })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute()
}

/** Starts (or lengthens, never shortens) a time-out, and ends the player's sessions. */
export async function startTimeOut(
  db: Kysely<Database>,
  userId: string,
  period: TimeOutRequest['period'],
  now: number,
): Promise<void> {
  const until = new Date(now + TIME_OUT_MS[period])
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('player_exclusions')
      .values({ user_id: userId, time_out_until: until, updated_at: new Date(now) })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          time_out_until: sql`greatest(player_exclusions.time_out_until, excluded.time_out_until)`,
          updated_at: new Date(now),
        }),
      )
      .execute()
    await revokeSessions(trx, userId, now)
  })
}

/** The user and every account of the same person (same mobile) on other brands. */
async function samePerson(trx: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('users as u')
    .innerJoin('users as me', (join) =>
      join
        .onRef('me.mobile', '=', 'u.mobile')
        .onRef('me.country_code', '=', 'u.country_code')
        .on('me.role', '=', 'player'),
    )
    .select('u.id')
    .where('me.id', '=', userId)
    .where('u.role', '=', 'player')
    .execute()
  return [...new Set([userId, ...rows.map((r) => r.id)])]
}

/** Self-excludes the player on every brand (every account with their mobile), ends their sessions. */
export async function startSelfExclusion(
  db: Kysely<Database>,
  userId: string,
  period: SelfExclusionRequest['period'],
  now: number,
): Promise<void> {
  const permanent = period === 'permanent'
  const until = permanent ? null : new Date(addMonths(now, EXCLUSION_MONTHS[period]))
  await db.transaction().execute(async (trx) => {
    for (const id of await samePerson(trx, userId)) await excludeOne(trx, id, until, permanent, now)
  })
}

async function excludeOne(
  trx: Kysely<Database>,
  userId: string,
  until: Date | null,
  permanent: boolean,
  now: number,
) {
  await trx
    .insertInto('player_exclusions')
    .values({
      user_id: userId,
      self_excluded_until: until,
      self_excluded_permanent: permanent,
      updated_at: new Date(now),
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        self_excluded_until: sql`greatest(player_exclusions.self_excluded_until, excluded.self_excluded_until)`,
        self_excluded_permanent: sql`player_exclusions.self_excluded_permanent or excluded.self_excluded_permanent`,
        updated_at: new Date(now),
      }),
    )
    .execute()
  await revokeSessions(trx, userId, now)
}
