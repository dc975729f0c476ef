import { beatsOtherLine, bestOverLines, type OutcomePrices } from '@backlay/exchange/house-lines'
import type { Odds } from '@backlay/exchange/ids'
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { Clock } from '../clock'
import type { Database, MarketKind, PriceLevel } from '../db/schema'
import { type Failure, fail } from '../result'
import type { CatalogueMarket } from './catalogue'
import type { MarketBooks } from './market-books'
import { quoteFor } from './market-maker'
import { isExchangeKind } from './market-state'
import type { OddsLeg } from './trade-types'

/**
 * The house's two lines on a match, the exchange (match odds, quoted by the market maker) and
 * the bookmaker, kept from disagreeing whatever the feed says: the market maker drops a level
 * the bookmaker line beats (market-maker.ts), and a bookmaker bet whose price beats the exchange
 * is refused and its runner suspended (`houseLineGuard`). Called by the bet routes and the
 * market-maker jobs.
 */

type Line = Map<string, OutcomePrices>

const best = (levels: PriceLevel[]) => (levels[0]?.price ?? null) as Odds | null

/** The open line of each event's market of `kind`, per selection id. */
export async function openLinesOf(
  db: Kysely<Database>,
  kind: MarketKind,
  eventIds: readonly string[],
): Promise<Map<string, { marketId: string; line: Line }>> {
  if (eventIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('markets as m')
    .innerJoin('runners as r', 'r.market_id', 'm.id')
    .select(['m.id', 'm.event_id', 'r.selection_id', 'r.status', 'r.back', 'r.lay'])
    .where('m.kind', '=', kind)
    .where('m.status', '=', 'OPEN')
    .where('m.event_id', 'in', eventIds)
    .execute()
  const lines = new Map<string, { marketId: string; line: Line }>()
  for (const row of rows) {
    const entry = lines.get(row.event_id) ?? { marketId: row.id, line: new Map() }
    lines.set(row.event_id, entry)
    if (row.status === 'ACTIVE') {
      entry.line.set(row.selection_id, { back: best(row.back), lay: best(row.lay) })
    }
  }
  return lines
}

/** The market maker's quote of each exchange market among `markets`, kept inside its event's bookmaker line. */
export async function houseQuotes(
  db: Kysely<Database>,
  markets: readonly CatalogueMarket[],
): Promise<Map<string, OddsLeg[]>> {
  const exchange = markets.filter((m) => isExchangeKind(m.kind))
  const bookmaker = await openLinesOf(db, 'BOOKMAKER', [...new Set(exchange.map((m) => m.eventId))])
  return new Map(exchange.map((m) => [m.id, quoteFor(m, bookmaker.get(m.eventId)?.line)]))
}

/** Ids of the exchange (match odds) markets of these events, whose quote a bookmaker change moves. */
export async function matchOddsMarketIdsOf(
  db: Kysely<Database>,
  eventIds: readonly string[],
): Promise<string[]> {
  if (eventIds.length === 0) return []
  const rows = await db
    .selectFrom('markets')
    .select('id')
    .where('kind', '=', 'MATCH_ODDS')
    .where('event_id', 'in', eventIds)
    .execute()
  return rows.map((r) => r.id)
}

export const HOUSE_LINE_REFUSED_MSG =
  'This bookmaker price is out of line with the exchange and has been suspended. Please try again shortly.'

/**
 * Refuses a bookmaker bet whose price beats the exchange's best opposite price for the same
 * outcome (the book's, with players' orders and the market maker's, and the feed's) by more than
 * `toleranceBp`: such a bet could be hedged on the exchange into a sure profit. The runner is
 * suspended until the feed quotes it again, and the event is kept for the operator's risk view.
 */
export function houseLineGuard(deps: {
  db: Kysely<Database>
  clock: Clock
  books: MarketBooks
  log: FastifyBaseLogger
  toleranceBp: number
}) {
  // A market's kind and event never change: read once, so exchange bets pay one lookup per market.
  const markets = new Map<string, { kind: MarketKind; eventId: string }>()
  const marketOf = async (marketId: string) => {
    const known = markets.get(marketId)
    if (known) return known
    const row = await deps.db
      .selectFrom('markets')
      .select(['kind', 'event_id'])
      .where('id', '=', marketId)
      .executeTakeFirst()
    if (!row) return undefined
    const found = { kind: row.kind, eventId: row.event_id }
    markets.set(marketId, found)
    return found
  }

  return async function check(marketId: string, legs: readonly OddsLeg[]): Promise<Failure | null> {
    const market = await marketOf(marketId)
    if (market?.kind !== 'BOOKMAKER') return null
    const exchange = (await openLinesOf(deps.db, 'MATCH_ODDS', [market.eventId])).get(
      market.eventId,
    )
    if (!exchange) return null
    const view = deps.books.view(exchange.marketId)
    for (const leg of legs) {
      const fed = exchange.line.get(leg.selectionId) ?? { back: null, lay: null }
      const booked = view?.runners.find((r) => r.selectionId === leg.selectionId)
      const inBook = {
        back: booked?.availableToBack[0]?.price ?? null,
        lay: booked?.availableToLay[0]?.price ?? null,
      }
      const prices = bestOverLines([[fed], [inBook]])[0] ?? { back: null, lay: null }
      if (!beatsOtherLine(leg.side, leg.odds as Odds, prices, deps.toleranceBp)) continue
      const exchangePrice = (leg.side === 'BACK' ? prices.lay : prices.back) ?? 0
      // Suspending only an active runner: a repeat against the same line records nothing more.
      const suspended = await deps.db.transaction().execute(async (trx) => {
        const changed = await trx
          .updateTable('runners')
          .set({ status: 'SUSPENDED' })
          .where('market_id', '=', marketId)
          .where('selection_id', '=', leg.selectionId)
          .where('status', '=', 'ACTIVE')
          .executeTakeFirst()
        if (changed.numUpdatedRows === 0n) return false
        await trx
          .insertInto('house_line_guard_events')
          .values({
            market_id: marketId,
            selection_id: leg.selectionId,
            side: leg.side,
            price: leg.odds,
            exchange_price: exchangePrice,
            at: new Date(deps.clock.now()),
          })
          .execute()
        return true
      })
      if (suspended) {
        deps.log.warn(
          {
            marketId,
            selectionId: leg.selectionId,
            side: leg.side,
            price: leg.odds,
            exchangePrice,
          },
          'house line guard: bookmaker price beats the exchange; runner suspended',
        )
      }
      return fail('BET.RUNNER_SUSPENDED', HOUSE_LINE_REFUSED_MSG)
    }
    return null
  }
}
