import type { MatchStats } from '@backlay/contract/match-details'
import type { Kysely } from 'kysely'
import { matchReadsRepository } from '../db/repositories/match-reads'
import type { Database } from '../db/schema'
import type { MarketBooks } from '../markets/market-books'
import { marketPrices } from './market-prices'
import { groupBy } from './match-details'

const rupeeText = (rupees: number) =>
  new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }).format(rupees)

/**
 * A scoreboard any sport can fill from what the feed knows: the sides (runners of the main
 * market), a one-line state, and facts: competition, venue, money matched and each session
 * line or its result. The simulated feed sends no scores, so a side's score stays empty until
 * a feed that has them fills it. Null for an unknown event or one of another event type.
 */
export async function matchStats(
  deps: { db: Kysely<Database>; books: MarketBooks },
  req: { eventTypeId: string; eventId: string },
): Promise<MatchStats | null> {
  const reads = matchReadsRepository(deps.db)
  const event = await reads.findEvent(req.eventId)
  if (!event || event.sport_id !== req.eventTypeId) return null
  const markets = await reads.listMarkets(event.id)
  const runners = groupBy(await reads.listRunners(markets.map((m) => m.id)), (r) => r.market_id)
  const main = markets.find((m) => m.kind === 'MATCH_ODDS' || m.kind === 'WIN')
  const mainRunners = main ? (runners.get(main.id) ?? []) : []
  const winner = mainRunners.find((r) => r.selection_id === main?.winner_selection_id)

  const facts: MatchStats['facts'] = [{ label: 'Competition', value: event.competition_name }]
  if (event.venue)
    facts.push({ label: 'Venue', value: `${event.venue} (${event.country_code ?? ''})` })
  if (main) {
    const live = marketPrices(deps.books, main, mainRunners)
    const matched = [...live.runners.values()].reduce((sum, r) => sum + r.tradedVolume, 0)
    facts.push({ label: 'Matched', value: rupeeText(matched) })
  }
  for (const s of markets.filter((m) => m.kind === 'SESSION')) {
    const line = runners.get(s.id)?.[0]
    const value =
      s.result_value !== null
        ? `Result ${s.result_value}`
        : line?.lay[0] && line.back[0]
          ? `No ${line.lay[0].price} / Yes ${line.back[0].price}`
          : s.status
    facts.push({ label: s.name, value })
  }

  const updated = Math.max(0, ...markets.map((m) => m.updated_at.getTime()))
  return {
    eventId: event.id,
    eventTypeId: event.sport_id,
    updatedAt: new Date(updated || event.start_time.getTime()).toISOString(),
    teams: mainRunners
      .filter((r) => r.name !== 'The Draw')
      .map((r) => ({ name: r.name, score: '' })),
    summary:
      event.status === 'CLOSED'
        ? winner
          ? `${winner.name} won`
          : 'Finished'
        : event.status === 'IN_PLAY'
          ? 'In play'
          : `Starts ${event.start_time.toISOString()}`,
    facts,
  }
}
