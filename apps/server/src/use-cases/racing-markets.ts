import type { RaceItem } from '@backlay/contract/racing'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import type { MarketBooks } from '../markets/market-books'
import { listHomeMatches } from './list-home-matches'

/**
 * Open races of horse (7) or greyhound (4339) racing, soonest first, with venue and country, each
 * by its win market with its other markets (place) named.
 */
export async function racingMarkets(
  deps: { db: Kysely<Database>; books: MarketBooks },
  sportId: string,
): Promise<RaceItem[]> {
  const races = (await listHomeMatches(deps, { sportId })).filter((r) => r.market_type === 'WIN')
  const others =
    races.length === 0
      ? []
      : await deps.db
          .selectFrom('markets')
          .select(['id', 'event_id', 'name'])
          .where('kind', '=', 'ODDS')
          .where('status', '<>', 'CLOSED')
          .where(
            'event_id',
            'in',
            races.map((r) => r.match_id),
          )
          .orderBy('sort_priority')
          .orderBy('id')
          .execute()
  return races
    .sort(
      (a, b) =>
        a.market_start_time.localeCompare(b.market_start_time) ||
        a.market_id.localeCompare(b.market_id),
    )
    .map((r) => ({
      market_id: r.market_id,
      match_id: r.match_id,
      match_name: r.match_name,
      match_date: r.match_date,
      market_start_time: r.market_start_time,
      inplay: r.inplay,
      market_name: r.market_name,
      status: r.status,
      venue: r.venue ?? '',
      country_code: r.country_code ?? '',
      other_markets: others
        .filter((m) => m.event_id === r.match_id)
        .map((m) => ({ market_id: m.id, market_name: m.name })),
    }))
}
