import type { HomeMatch } from '@backlay/contract/matches'
import type { Kysely } from 'kysely'
import { catalogRepository } from '../db/repositories/catalog'
import type { Database } from '../db/schema'
import type { MarketBooks } from '../markets/market-books'
import { siteMarketType } from '../markets/market-state'
import { marketPrices } from './market-prices'
import { runnerView } from './market-view'

/**
 * Open matches (or races) of a sport or competition with their main market's best prices, live
 * first. Prices of a market the books hold come from its book, else from the catalogue.
 */
export async function listHomeMatches(
  deps: { db: Kysely<Database>; books: MarketBooks },
  filter: { sportId?: string; competitionId?: string },
): Promise<HomeMatch[]> {
  const catalog = catalogRepository(deps.db)
  const events = await catalog.listOpenEventsWithMainMarket(filter)
  const runners = await catalog.listRunners(events.map((e) => e.market_id))
  const runnersByMarket = new Map<string, typeof runners>()
  for (const r of runners)
    runnersByMarket.set(r.market_id, [...(runnersByMarket.get(r.market_id) ?? []), r])
  const matches = events.map((e) => {
    const marketRunners = runnersByMarket.get(e.market_id) ?? []
    const live = marketPrices(
      deps.books,
      { id: e.market_id, kind: e.kind, status: e.status, inplay: e.inplay },
      marketRunners,
    )
    return {
      match_id: e.event_id,
      match_name: e.event_name,
      sport_id: e.sport_id,
      series_id: e.competition_id,
      series_name: e.competition_name,
      market_id: e.market_id,
      market_name: e.market_name,
      market_type: siteMarketType(e.kind, e.sport_id),
      match_date: e.start_time.toISOString(),
      market_start_time: e.market_start_time.toISOString(),
      inplay: live.inplay,
      status: live.status,
      has_bookmaker: e.has_bookmaker,
      has_fancy: e.has_fancy,
      venue: e.venue,
      country_code: e.country_code,
      runners: marketRunners.map((r) => {
        const view = runnerView(r)
        const ex = live.runners.get(r.selection_id)
        return ex ? { ...view, ex } : view
      }),
    }
  })
  // The store lists by its own in-play flag; the books may have turned a market since.
  return matches.sort((a, b) => Number(b.inplay) - Number(a.inplay))
}
