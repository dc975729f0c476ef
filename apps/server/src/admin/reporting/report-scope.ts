import { INDIA_OFFSET_MINUTES } from '@backlay/contract/limits'
import { type RawBuilder, sql } from 'kysely'
import type { OperatorActor } from '../guard'

/**
 * Whose money a figure counts: real-money players (never demo accounts or operators), narrowed
 * to a brand and to an agent's players. An agent is always narrowed to its own.
 */
export interface ReportScope {
  brandId?: string | undefined
  agentId?: string | undefined
}

export const scopeFor = (actor: OperatorActor, asked: ReportScope): ReportScope => ({
  brandId: asked.brandId,
  agentId: actor.role === 'agent' ? actor.id : asked.agentId,
})

/** Across every brand and agent: only then does the market maker's P/L belong to the figures. */
export const isWholeHouse = (scope: ReportScope) => !scope.brandId && !scope.agentId

/** A condition on the users row aliased `u`. */
export const playersIn = (scope: ReportScope): RawBuilder<boolean> => sql<boolean>`(
  u.role = 'player' and not u.is_demo
  ${scope.brandId ? sql`and u.brand_id = ${scope.brandId}` : sql``}
  ${scope.agentId ? sql`and u.operator_id = ${scope.agentId}` : sql``})`

const DAY_MS = 86_400_000
/** India days (UTC+05:30), the calendar the operators keep. */
const INDIA_OFFSET_MS = INDIA_OFFSET_MINUTES * 60_000

/** The India day an instant falls on: indiaDay(Date.UTC(2026, 0, 1, 20)) → '2026-01-02' */
export const indiaDay = (at: number): string =>
  new Date(at + INDIA_OFFSET_MS).toISOString().slice(0, 10)

/** The instant an India day starts: dayStart('2026-01-02') → 2026-01-01T18:30:00Z */
export const dayStart = (day: string): Date =>
  new Date(Date.parse(`${day}T00:00:00Z`) - INDIA_OFFSET_MS)

/** addDays('2026-01-31', 1) → '2026-02-01' */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)

/** SQL for the India day of a timestamptz column, matching `indiaDay`. */
export const indiaDayOf = (column: RawBuilder<unknown>) =>
  sql<string>`to_char((${column} at time zone 'UTC') + ${sql.lit(INDIA_OFFSET_MINUTES)} * interval '1 minute', 'YYYY-MM-DD')`

/** The half-open instant range of India days `from`..`to`, both included. */
export const daysRange = (from: string, to: string) => ({
  start: dayStart(from),
  end: dayStart(addDays(to, 1)),
})
