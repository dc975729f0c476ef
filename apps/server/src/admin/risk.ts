import type { MarketRisk } from '@backlay/contract/admin-risk'
import { betPL, type UserOddsBet } from '@backlay/exchange/exposure'
import type { Odds, Paise, SelectionId, UserId } from '@backlay/exchange/ids'
import { fancyBetPL, type UserFancyBet } from '@backlay/exchange/session'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import { MARKET_MAKER_ID } from '../markets/accounts'
import { betsOfFill, isExchangeKind, standingFills } from '../markets/market-state'
import { fail, type Result, success } from '../result'
import type { OperatorActor } from './guard'

const TOP_PLAYERS = 10
const GUARD_EVENTS_SHOWN = 20
const rupees = (paise: number) => paise / 100

/**
 * The book of one market from the house's side: for each runner, what the house wins (+) or
 * pays (−) if it wins, over every player's matched bets (the market maker is the house, so its
 * side is never counted as a player); matched and unmatched volume; and the players whose worst
 * case is largest. An agent sees the book of its own players only.
 */
export async function marketRisk(
  db: Kysely<Database>,
  actor: OperatorActor,
  marketId: string,
): Promise<Result<MarketRisk>> {
  const market = await db
    .selectFrom('markets')
    .select(['id', 'kind', 'status'])
    .where('id', '=', marketId)
    .executeTakeFirst()
  if (!market) return fail('MARKET.NOT_FOUND', 'No such market.')
  const runners = await db
    .selectFrom('runners')
    .select(['selection_id', 'name'])
    .where('market_id', '=', marketId)
    .orderBy('sort_priority')
    .execute()

  let ordersQuery = db
    .selectFrom('bet_orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select([
      'o.id',
      'o.user_id',
      'u.user_name',
      'o.selection_id',
      'o.side',
      'o.odds',
      'o.line',
      'o.matched',
      'o.remaining',
    ])
    .where('o.market_id', '=', marketId)
    .where('o.user_id', '<>', MARKET_MAKER_ID)
    .where('u.role', '=', 'player')
  if (actor.role === 'agent') ordersQuery = ordersQuery.where('u.operator_id', '=', actor.id)
  const orders = await ordersQuery.execute()
  const players = new Map(orders.map((o) => [o.user_id, o.user_name]))

  const oddsBets: UserOddsBet[] = []
  const fancyBets: UserFancyBet[] = []
  if (market.kind === 'SESSION') {
    for (const o of orders.filter((x) => x.matched > 0))
      fancyBets.push({
        userId: o.user_id as UserId,
        side: o.side === 'BACK' ? 'YES' : 'NO',
        line: o.line ?? 0,
        rate: o.odds,
        stake: o.matched as Paise,
      })
  } else if (isExchangeKind(market.kind)) {
    // Exchange orders can match at better odds than asked: the fills say what was matched.
    for (const f of await standingFills(db, marketId)) {
      for (const { bet } of betsOfFill(f)) if (players.has(bet.userId)) oddsBets.push(bet)
    }
  } else {
    for (const o of orders.filter((x) => x.matched > 0))
      oddsBets.push({
        userId: o.user_id as UserId,
        selectionId: o.selection_id as SelectionId,
        side: o.side,
        odds: o.odds as Odds,
        stake: o.matched as Paise,
      })
  }

  // Outcomes: each runner winning, or for a fancy line each run count where some bet turns.
  const outcomes =
    market.kind === 'SESSION'
      ? [...new Set([0, ...fancyBets.flatMap((b) => [Math.max(0, b.line - 1), b.line])])]
      : runners.map((r) => r.selection_id)
  const plAt = (userId: string | null, outcome: string | number) =>
    market.kind === 'SESSION'
      ? fancyBets
          .filter((b) => userId === null || b.userId === userId)
          .reduce((s, b) => s + fancyBetPL(b, outcome as number), 0)
      : oddsBets
          .filter((b) => userId === null || b.userId === userId)
          .reduce((s, b) => s + betPL(b, outcome as SelectionId), 0)

  const stakeOf = (selectionId: string, side: 'BACK' | 'LAY') =>
    oddsBets
      .filter((b) => b.selectionId === selectionId && b.side === side)
      .reduce((s, b) => s + b.stake, 0)
  const runnerRows =
    market.kind === 'SESSION'
      ? runners.map((r) => ({
          selectionId: r.selection_id,
          name: r.name,
          // The house's worst case over every run count.
          housePl: rupees(Math.min(0, ...outcomes.map((runs) => -plAt(null, runs)))),
          backStake: rupees(
            fancyBets.filter((b) => b.side === 'YES').reduce((s, b) => s + b.stake, 0),
          ),
          layStake: rupees(
            fancyBets.filter((b) => b.side === 'NO').reduce((s, b) => s + b.stake, 0),
          ),
        }))
      : runners.map((r) => ({
          selectionId: r.selection_id,
          name: r.name,
          housePl: rupees(-plAt(null, r.selection_id)),
          backStake: rupees(stakeOf(r.selection_id, 'BACK')),
          layStake: rupees(stakeOf(r.selection_id, 'LAY')),
        }))

  const topPlayers = [...players.entries()]
    .map(([userId, userName]) => ({
      userId,
      userName,
      exposure: rupees(Math.max(0, ...outcomes.map((o) => -plAt(userId, o)))),
    }))
    .filter((p) => p.exposure > 0)
    .sort((a, b) => b.exposure - a.exposure)
    .slice(0, TOP_PLAYERS)

  const guardEvents = await db
    .selectFrom('house_line_guard_events')
    .select(['at', 'selection_id', 'side', 'price', 'exchange_price'])
    .where('market_id', '=', marketId)
    .orderBy('id', 'desc')
    .limit(GUARD_EVENTS_SHOWN)
    .execute()
  const runnerNames = new Map(runners.map((r) => [r.selection_id, r.name]))

  return success({
    marketId,
    status: market.status,
    runners: runnerRows,
    matchedVolume: rupees(orders.reduce((s, o) => s + o.matched, 0)),
    unmatchedVolume: rupees(orders.reduce((s, o) => s + o.remaining, 0)),
    betCount: orders.length,
    topPlayers,
    guardEvents: guardEvents.map((e) => ({
      at: e.at.toISOString(),
      selectionId: e.selection_id,
      runnerName: runnerNames.get(e.selection_id) ?? e.selection_id,
      side: e.side,
      price: e.price / 100,
      exchangePrice: e.exchange_price / 100,
    })),
  })
}
