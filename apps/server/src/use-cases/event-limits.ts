import type { EventsLimit, marketLimit } from '@backlay/contract/match-details'
import { paiseToRupees } from '@backlay/contract/money'
import type { Kysely } from 'kysely'
import type { z } from 'zod'
import { matchReadsRepository } from '../db/repositories/match-reads'
import type { Database } from '../db/schema'

/**
 * Stake limits of a match's open markets (rupees): exchange and bookmaker markets by market id,
 * session lines under `session` by fancy id. `check_event_limit` is true: placement enforces
 * these. An unknown match, or one of another sport, has no markets.
 */
export async function eventLimits(
  db: Kysely<Database>,
  req: { matchId: string; sportId: string },
): Promise<EventsLimit> {
  const byMarket: Record<string, z.infer<typeof marketLimit>> = {}
  const session: EventsLimit['session'] = {}
  // TypeScript cannot spell "an index signature except two keys"; the schema (catchall) can.
  const limits = () => ({ ...byMarket, session, check_event_limit: true }) as EventsLimit
  const reads = matchReadsRepository(db)
  const event = await reads.findEvent(req.matchId)
  if (!event || event.sport_id !== req.sportId) return limits()
  const markets = await reads.listOpenMarkets(event.id, [
    'MATCH_ODDS',
    'BOOKMAKER',
    'WIN',
    'ODDS',
    'SESSION',
  ])
  for (const m of markets) {
    if (m.kind === 'SESSION') {
      session[m.id] = {
        session_min_stack: paiseToRupees(m.min_stake),
        session_max_stack: paiseToRupees(m.max_stake),
        max_profit: paiseToRupees(m.max_profit),
      }
    } else {
      byMarket[m.id] = {
        market_min_stack: paiseToRupees(m.min_stake),
        market_max_stack: paiseToRupees(m.max_stake),
        max_profit: paiseToRupees(m.max_profit),
      }
    }
  }
  return limits()
}
