import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import type { ExchangeEngine } from '../markets/exchange-engine'
import type { UserMarketPosition } from './match-details'

/**
 * The user's open bet count and P/L if each selection wins, for every market of a match (or
 * one market) where they hold live bets; sessions are left out (they answer by run, not by
 * selection). Figures come from the engine, which owns the positions.
 */
export async function userMarketPositions(
  deps: { db: Kysely<Database>; exchange: Pick<ExchangeEngine, 'positionIn'> },
  userId: string,
  where: { matchId: string; marketId?: string | undefined },
): Promise<Map<string, UserMarketPosition>> {
  let query = deps.db
    .selectFrom('bet_orders')
    .select((eb) => ['market_id', eb.fn.countAll<number>().as('bets')])
    .where('user_id', '=', userId)
    .where('event_id', '=', where.matchId)
    .where('status', '=', 'OPEN')
    .where('market_kind', '<>', 'SESSION')
    .groupBy('market_id')
  if (where.marketId) query = query.where('market_id', '=', where.marketId)
  const out = new Map<string, UserMarketPosition>()
  for (const row of await query.execute()) {
    const position = await deps.exchange.positionIn(userId, row.market_id)
    out.set(row.market_id, {
      betCount: Number(row.bets),
      profitIfWins: new Map(position?.selectionIds.map((id, i) => [id, position.pl[i] ?? 0]) ?? []),
    })
  }
  return out
}
