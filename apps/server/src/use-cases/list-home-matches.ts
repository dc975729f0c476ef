import type { HomeMatch } from '@backlay/contract/matches'
import type { Kysely } from 'kysely'
import { catalogRepository } from '../db/repositories/catalog'
import type { Database } from '../db/schema'
import { runnerView } from './market-view'

/** Open matches (or races) of a sport or competition with their main market's best prices, live first. */
export async function listHomeMatches(
  db: Kysely<Database>,
  filter: { sportId?: string; competitionId?: string },
): Promise<HomeMatch[]> {
  const catalog = catalogRepository(db)
  const events = await catalog.listOpenEventsWithMainMarket(filter)
  const runners = await catalog.listRunners(events.map((e) => e.market_id))
  const runnersByMarket = new Map<string, typeof runners>()
  for (const r of runners)
    runnersByMarket.set(r.market_id, [...(runnersByMarket.get(r.market_id) ?? []), r])
  return events.map((e) => ({
    match_id: e.event_id,
    match_name: e.event_name,
    sport_id: e.sport_id,
    series_id: e.competition_id,
    series_name: e.competition_name,
    market_id: e.market_id,
    market_name: e.market_name,
    market_type: e.kind,
    match_date: e.start_time.toISOString(),
    market_start_time: e.market_start_time.toISOString(),
    inplay: e.inplay,
    status: e.status,
    has_bookmaker: e.has_bookmaker,
    has_fancy: e.has_fancy,
    venue: e.venue,
    country_code: e.country_code,
    runners: (runnersByMarket.get(e.market_id) ?? []).map(runnerView),
  }))
}
