import type { MatchStats } from '@backlay/contract/match-details'
import { oddsToDecimal, paiseToRupees } from '@backlay/contract/money'
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
 * market) with the feed's live score when it sends one (Betfair's cricket messages), a one-line
 * state, and facts: competition, venue, money matched here, what a real exchange feed says was
 * matched and last traded there, and each session line or its result. The simulated feed sends
 * no scores or trades of its own. Null for an unknown event or one of another event type.
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
  const score = await reads.findScore(event.id)

  const facts: MatchStats['facts'] = [{ label: 'Competition', value: event.competition_name }]
  if (event.venue)
    facts.push({ label: 'Venue', value: `${event.venue} (${event.country_code ?? ''})` })
  // A real exchange feed's volume is its own; what was matched here is what our book matched.
  const traded = mainRunners.filter((r) => r.last_traded_price !== null)
  if (main) {
    const matched =
      traded.length > 0
        ? (deps.books.view(main.id)?.runners ?? []).reduce(
            (sum, r) => sum + paiseToRupees(r.totalMatched),
            0,
          )
        : [...marketPrices(deps.books, main, mainRunners).runners.values()].reduce(
            (sum, r) => sum + r.tradedVolume,
            0,
          )
    facts.push({ label: 'Matched', value: rupeeText(matched) })
  }
  if (traded.length > 0) {
    const feedMatched = mainRunners.reduce((sum, r) => sum + r.traded_volume, 0)
    facts.push({ label: 'Betfair matched', value: rupeeText(paiseToRupees(feedMatched)) })
    facts.push({
      label: 'Betfair last traded',
      value: traded.map((r) => `${r.name} ${oddsToDecimal(r.last_traded_price ?? 0)}`).join(' · '),
    })
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

  const updated = Math.max(
    0,
    ...markets.map((m) => m.updated_at.getTime()),
    score?.updated_at.getTime() ?? 0,
  )
  const sides = mainRunners.filter((r) => r.name !== 'The Draw').map((r) => r.name)
  return {
    eventId: event.id,
    eventTypeId: event.sport_id,
    updatedAt: new Date(updated || event.start_time.getTime()).toISOString(),
    teams: score?.teams.length ? score.teams : sides.map((name) => ({ name, score: '' })),
    summary:
      event.status === 'CLOSED'
        ? winner
          ? `${winner.name} won`
          : 'Finished'
        : event.status === 'IN_PLAY'
          ? (score?.status ?? 'In play')
          : `Starts ${event.start_time.toISOString()}`,
    facts,
  }
}
