import type { MenuCompetition, MenuItem } from '@backlay/contract/menu'
import { MENU_ID } from '@backlay/contract/sport'
import type { Kysely } from 'kysely'
import { catalogRepository } from '../db/repositories/catalog'
import type { Database } from '../db/schema'

/**
 * The sports tree: each sport with its open competitions (racing: meetings) and their events,
 * then the casino (`QT`) and card-game (`-100`) entries that switch on those buttons.
 */
export async function buildMenu(db: Kysely<Database>): Promise<MenuItem[]> {
  const catalog = catalogRepository(db)
  const [sports, events] = await Promise.all([
    catalog.listSports(),
    catalog.listOpenEventsWithMainMarket({}),
  ])
  const bySport = new Map<string, Map<string, MenuCompetition>>()
  for (const e of [...events].sort((a, b) => a.start_time.getTime() - b.start_time.getTime())) {
    const competitions = bySport.get(e.sport_id) ?? new Map<string, MenuCompetition>()
    bySport.set(e.sport_id, competitions)
    const competition = competitions.get(e.competition_id) ?? {
      series_id: e.competition_id,
      series_name: e.competition_name,
      country_code: e.country_code,
      children: [],
    }
    competitions.set(e.competition_id, competition)
    competition.children.push({
      match_id: e.event_id,
      match_name: e.event_name,
      market_id: e.market_id,
      match_date: e.start_time.toISOString(),
      inplay: e.inplay,
    })
  }
  return [
    ...sports.map((s) => ({
      sport_id: s.id,
      name: s.name,
      children: [...(bySport.get(s.id)?.values() ?? [])],
    })),
    { sport_id: MENU_ID.casino, name: 'Casino', children: [] },
    { sport_id: MENU_ID.cardGames, name: 'Indian Card Games', children: [] },
  ]
}
