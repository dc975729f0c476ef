import type { Bet, SettledBet } from '@backlay/contract/bets'
import { oddsToDecimal, paiseToRupees } from '@backlay/contract/money'
import type { Odds, Paise } from '@backlay/exchange/ids'
import { profitAtOdds } from '@backlay/exchange/money'
import { fancyLiability, fancyProfit } from '@backlay/exchange/session'
import type { Kysely } from 'kysely'
import type { Database, MarketKind } from '../db/schema'
import { isExchangeKind } from './market-state'

/** Which part of each order a list shows: what matched, what still rests, or what was cancelled. */
export type BetPart = 'matched' | 'unmatched' | 'cancelled'

export interface BetFilter {
  userId: string
  matchId?: string | undefined
  marketId?: string | undefined
  sportId?: string | undefined
  from?: string | undefined
  to?: string | undefined
}

/** A player's orders with their market, event, series and runner names (every bet list's rows). */
export const orderRowsQuery = (db: Kysely<Database>) =>
  db
    .selectFrom('bet_orders as o')
    .innerJoin('markets as m', 'm.id', 'o.market_id')
    .innerJoin('events as e', 'e.id', 'o.event_id')
    .innerJoin('competitions as c', 'c.id', 'e.competition_id')
    .leftJoin('runners as r', (join) =>
      join.onRef('r.market_id', '=', 'o.market_id').onRef('r.selection_id', '=', 'o.selection_id'),
    )
    .select([
      'o.id',
      'o.market_id',
      'o.event_id',
      'o.market_kind',
      'o.selection_id',
      'o.side',
      'o.odds',
      'o.line',
      'o.stake',
      'o.status',
      'o.matched',
      'o.matched_value',
      'o.remaining',
      'o.cancelled',
      'o.result',
      'o.pl',
      'o.placed_at',
      'o.settled_at',
      'o.keep_inplay',
      'm.name as market_name',
      'e.name as match_name',
      'e.sport_id',
      'c.name as series_name',
      'r.name as selection_name',
    ])

type Row = Awaited<ReturnType<ReturnType<typeof orderRowsQuery>['execute']>>[number]

const partStake = (row: Row, part: BetPart) =>
  part === 'matched' ? row.matched : part === 'unmatched' ? row.remaining : row.cancelled

/** A stored order as the §3 bet, for one of its parts. */
export function toBet(row: Row, part: BetPart): Bet {
  const stake = partStake(row, part) as Paise
  const back = row.side === 'BACK'
  const fancy = row.market_kind === 'SESSION'
  const odds =
    part === 'matched' && !fancy && row.matched > 0
      ? Math.round(row.matched_value / row.matched)
      : row.odds
  const fancyBet = {
    side: back ? ('YES' as const) : ('NO' as const),
    line: row.line ?? 0,
    rate: row.odds,
    stake,
  }
  const liability = fancy
    ? fancyLiability(fancyBet)
    : back
      ? stake
      : profitAtOdds(stake, odds as Odds)
  const profit = fancy ? fancyProfit(fancyBet) : back ? profitAtOdds(stake, odds as Odds) : stake
  return {
    bet_id: row.id,
    match_id: row.event_id,
    market_id: row.market_id,
    match_name: row.match_name,
    market_name: row.market_name,
    marketType: row.market_kind as Bet['marketType'],
    selection_id: row.selection_id,
    selection_name: row.selection_name ?? row.market_name,
    odds: fancy ? row.odds : oddsToDecimal(odds),
    stack: paiseToRupees(stake),
    liability: paiseToRupees(liability),
    profit: paiseToRupees(profit),
    is_back: back ? 1 : 0,
    is_fancy: fancy ? 1 : 0,
    type: back ? 'Back' : 'Lay',
    createdAt: row.placed_at.toISOString(),
    sport_id: row.sport_id,
    series_name: row.series_name,
    event_type: null,
    run: fancy ? row.line : null,
    size: fancy ? row.odds : null,
    is_matched: part === 'matched' && row.remaining === 0 ? 1 : 0,
    ...(isExchangeKind(row.market_kind as MarketKind)
      ? { persistence: row.keep_inplay ? ('PERSIST' as const) : ('LAPSE' as const) }
      : {}),
  }
}

/** The user's orders matching the filter; `dateColumn` is the instant the date window applies to. */
function scoped(
  db: Kysely<Database>,
  filter: BetFilter,
  dateColumn: 'o.placed_at' | 'o.settled_at',
) {
  let q = orderRowsQuery(db).where('o.user_id', '=', filter.userId)
  if (filter.matchId) q = q.where('o.event_id', '=', filter.matchId)
  if (filter.marketId) q = q.where('o.market_id', '=', filter.marketId)
  if (filter.sportId) q = q.where('e.sport_id', '=', filter.sportId)
  if (filter.from) q = q.where(dateColumn, '>=', new Date(filter.from))
  if (filter.to) q = q.where(dateColumn, '<', new Date(filter.to))
  return q
}

type Scoped = ReturnType<typeof scoped>

async function page(q: Scoped, at: { page: number; limit: number }) {
  const [rows, count] = await Promise.all([
    q
      .limit(at.limit)
      .offset((at.page - 1) * at.limit)
      .execute(),
    q
      .clearSelect()
      .clearOrderBy()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.total) }
}

/** Live (unsettled) bets of a user, newest first, showing the chosen part of each order. */
export async function listOpenBets(
  db: Kysely<Database>,
  filter: BetFilter,
  part: BetPart,
  at: { page: number; limit: number },
) {
  const column =
    part === 'matched' ? 'o.matched' : part === 'unmatched' ? 'o.remaining' : 'o.cancelled'
  const q = scoped(db, filter, 'o.placed_at')
    .where('o.status', '=', 'OPEN')
    .where(column, '>', 0)
    .orderBy('o.seq', 'desc')
  const { rows, total } = await page(q, at)
  return { list: rows.map((r) => toBet(r, part)), total, ...at }
}

/** Settled bets of a user, newest settlement first, with result and P/L. */
export async function listSettledBets(
  db: Kysely<Database>,
  filter: BetFilter,
  at: { page: number; limit: number },
) {
  const q = scoped(db, filter, 'o.settled_at')
    .where('o.status', '=', 'SETTLED')
    .where('o.matched', '>', 0)
    .orderBy('o.settled_at', 'desc')
    .orderBy('o.seq', 'desc')
  const { rows, total } = await page(q, at)
  const list: SettledBet[] = rows.map((r) => ({
    ...toBet(r, 'matched'),
    is_matched: 1,
    result: r.result ?? 'VOID',
    pl: paiseToRupees(r.pl ?? 0),
    settledAt: (r.settled_at ?? r.placed_at).toISOString(),
  }))
  return { list, total, ...at }
}

/** Markets of a match (or the one market) where the user has live bets, by kind. */
export async function marketsWithBets(
  db: Kysely<Database>,
  userId: string,
  where: { matchId?: string | undefined; marketId?: string | undefined },
) {
  let q = db
    .selectFrom('bet_orders')
    .select(['market_id', 'market_kind'])
    .distinct()
    .where('user_id', '=', userId)
    .where('status', '=', 'OPEN')
  if (where.matchId) q = q.where('event_id', '=', where.matchId)
  if (where.marketId) q = q.where('market_id', '=', where.marketId)
  return q.execute()
}

/** One of the user's orders with its market, match and runner names; undefined for another's. */
export const findOwnBet = (db: Kysely<Database>, userId: string, betId: string) =>
  orderRowsQuery(db).where('o.id', '=', betId).where('o.user_id', '=', userId).executeTakeFirst()

/** The order's market, if it is the user's and still has an unmatched part. */
export async function findOwnOrder(db: Kysely<Database>, userId: string, betId: string) {
  return db
    .selectFrom('bet_orders')
    .select(['id', 'market_id', 'remaining'])
    .where('id', '=', betId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}
