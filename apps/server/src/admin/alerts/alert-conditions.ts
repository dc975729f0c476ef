import type { AlertKind } from '@backlay/contract/admin-reports'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/schema'
import { closedUnsettled } from '../../markets/settlement'
import { playersIn } from '../reporting/report-scope'

/** One subject a rule's condition holds for now: a market, a player or the feed. */
export interface Breach {
  subject: string
  message: string
}

export interface ConditionInput {
  threshold: number
  brandId: string | null
  now: number
  /** Seconds since the ticking feed last answered; null when no feed ticks. */
  feedSilence: number | null
}

/** A player's win rate counts once they have this many settled bets in the window. */
export const WIN_RATE_MIN_BETS = 10
const WIN_RATE_DAYS = 7
/** A stake jump compares today's biggest stake with the average of this many days before. */
const STAKE_BASELINE_DAYS = 30
const STAKE_BASELINE_MIN_BETS = 5

const DAY_MS = 86_400_000
const rupees = (paise: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(paise / 100)

type Condition = (db: Kysely<Database>, input: ConditionInput) => Promise<Breach[]>

const scopeOf = (brandId: string | null) => ({ brandId: brandId ?? undefined })

/** Players in the rule's brands hold more than `threshold` rupees on one market. */
const marketExposure: Condition = async (db, { threshold, brandId }) => {
  const { rows } = await sql<{ id: string; market: string; event: string; held: number }>`
    select m.id, m.name as market, ev.name as event, sum(x.held)::bigint as held
    from market_exposures x
    join users u on u.id = x.user_id
    join markets m on m.id = x.market_id
    join events ev on ev.id = m.event_id
    where x.book = 'real' and ${playersIn(scopeOf(brandId))}
    group by m.id, m.name, ev.name
    having sum(x.held) > ${Math.round(threshold * 100)}
    order by m.id`.execute(db)
  return rows.map((r) => ({
    subject: `market:${r.id}`,
    message: `Players hold ${rupees(r.held)} on ${r.event} — ${r.market}, above ${rupees(threshold * 100)}.`,
  }))
}

/** A player won at least `threshold` percent of their bets settled in the last 7 days. */
const playerWinRate: Condition = async (db, { threshold, brandId, now }) => {
  const { rows } = await sql<{ id: string; user_name: string; won: number; settled: number }>`
    select u.id, u.user_name,
      count(*) filter (where o.result = 'WON')::int as won, count(*)::int as settled
    from bet_orders o join users u on u.id = o.user_id
    where o.book = 'real' and o.status = 'SETTLED' and o.result in ('WON', 'LOST')
      and o.settled_at >= ${new Date(now - WIN_RATE_DAYS * DAY_MS)} and ${playersIn(scopeOf(brandId))}
    group by u.id, u.user_name
    having count(*) >= ${WIN_RATE_MIN_BETS}
      and count(*) filter (where o.result = 'WON') * 100.0 / count(*) >= ${threshold}
    order by u.id`.execute(db)
  return rows.map((r) => ({
    subject: `player:${r.id}`,
    message: `${r.user_name} won ${r.won} of ${r.settled} bets settled in ${WIN_RATE_DAYS} days (${Math.round((r.won * 100) / r.settled)}%), at or above ${threshold}%.`,
  }))
}

/** A player's biggest stake of the last 24 hours is `threshold` times their usual stake or more. */
const playerStakeJump: Condition = async (db, { threshold, brandId, now }) => {
  const dayAgo = new Date(now - DAY_MS)
  const { rows } = await sql<{ id: string; user_name: string; biggest: number; usual: number }>`
    with recent as (
      select o.user_id, max(o.stake) as biggest from bet_orders o
      where o.book = 'real' and o.placed_at >= ${dayAgo} group by o.user_id),
    before as (
      select o.user_id, avg(o.stake) as usual, count(*) as bets from bet_orders o
      where o.book = 'real' and o.placed_at < ${dayAgo}
        and o.placed_at >= ${new Date(now - (STAKE_BASELINE_DAYS + 1) * DAY_MS)}
      group by o.user_id)
    select u.id, u.user_name, r.biggest, round(b.usual)::bigint as usual
    from recent r join before b on b.user_id = r.user_id join users u on u.id = r.user_id
    where b.bets >= ${STAKE_BASELINE_MIN_BETS} and r.biggest >= b.usual * ${threshold}
      and ${playersIn(scopeOf(brandId))}
    order by u.id`.execute(db)
  return rows.map((r) => ({
    subject: `player:${r.id}`,
    message: `${r.user_name} staked ${rupees(r.biggest)} against a usual ${rupees(r.usual)}, ${threshold}× or more.`,
  }))
}

/** The ticking feed has said nothing for `threshold` seconds. */
const feedSilent: Condition = async (_db, { threshold, feedSilence }) =>
  feedSilence !== null && feedSilence >= threshold
    ? [
        {
          subject: 'feed',
          message: `The market feed has been silent for ${Math.floor(feedSilence)} s (alert at ${threshold} s).`,
        },
      ]
    : []

/** A market closed with its result `threshold` minutes ago or more still holds open bets. */
const settlementLate: Condition = async (db, { threshold, now }) => {
  const rows = await closedUnsettled(db)
    .innerJoin('events as ev', 'ev.id', 'm.event_id')
    .select(['m.id', 'm.name', 'ev.name as event', 'm.closed_at'])
    .where('m.closed_at', '<=', new Date(now - threshold * 60_000))
    .orderBy('m.id')
    .execute()
  return rows.map((r) => ({
    subject: `market:${r.id}`,
    message: `${r.event} — ${r.name} closed ${Math.floor((now - Number(r.closed_at)) / 60_000)} min ago and is not settled.`,
  }))
}

export const CONDITIONS: Record<AlertKind, Condition> = {
  'market-exposure': marketExposure,
  'player-win-rate': playerWinRate,
  'player-stake-jump': playerStakeJump,
  'feed-silent': feedSilent,
  'settlement-late': settlementLate,
}
