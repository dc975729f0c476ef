import type { MarketDefinition } from '@backlay/contract/betfair-stream'
import { oddsToDecimal, paiseToRupees } from '@backlay/contract/money'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { CatalogueMarket } from '../../markets/catalogue'
import type { ExchangeEngine } from '../../markets/exchange-engine'
import { lastTradedPrices } from '../../use-cases/price-history'
import { RUNNER_STATUS } from '../market-book'
import { betfairMarketType, type FilteredMarket } from '../market-reads'
import type { MarketSnapshot } from './market-changes'

export type SnapshotReads = Pick<ExchangeEngine, 'depth' | 'depthNow' | 'catalogueMarket'>

/** What the stream's definition takes from the market's row and changes with no trade. */
export type MarketFacts = Pick<
  FilteredMarket,
  'id' | 'kind' | 'market_type' | 'start_time' | 'venue' | 'country_code' | 'event_start'
>

const levelsOut = (levels: readonly { price: number; size: number }[]) =>
  levels.map((l) => ({ price: oddsToDecimal(l.price), size: paiseToRupees(l.size) }))

/** Betfair's market definition of a catalogue market (no starting price, persistence on). */
export function definitionOf(facts: MarketFacts, market: CatalogueMarket): MarketDefinition {
  const active = market.runners.filter((r) => r.status === 'ACTIVE' || r.status === 'SUSPENDED')
  return {
    bspMarket: false,
    turnInPlayEnabled: true,
    persistenceEnabled: true,
    eventId: market.eventId,
    eventTypeId: market.sportId,
    numberOfWinners: market.numberOfWinners,
    bettingType: 'ODDS',
    marketType: betfairMarketType(facts),
    marketTime: facts.start_time.toISOString(),
    suspendTime: facts.start_time.toISOString(),
    bspReconciled: false,
    complete: true,
    inPlay: market.inplay,
    crossMatching: false,
    runnersVoidable: false,
    numberOfActiveRunners: active.length,
    betDelay: market.betDelaySeconds,
    status: market.status,
    ...(facts.venue ? { venue: facts.venue } : {}),
    ...(facts.country_code ? { countryCode: facts.country_code } : {}),
    discountAllowed: false,
    timezone: 'UTC',
    openDate: facts.event_start.toISOString(),
    version: market.version,
    regulators: [],
    runners: market.runners.map((r, i) => ({
      id: Number(r.selectionId),
      status: RUNNER_STATUS[r.status],
      sortPriority: i + 1,
    })),
  }
}

/**
 * A market's snapshot as the stream shows it: the definition, and each runner's whole book and
 * traded volume from the exchange (the owner's, in a cluster: the same read as listMarketBook),
 * with the last traded prices the stream keeps from the market's trades.
 */
export async function snapshotOf(
  engine: SnapshotReads,
  facts: MarketFacts,
  lastTraded: ReadonlyMap<string, number>,
): Promise<MarketSnapshot | undefined> {
  // The book as it stands when held here (no turn behind a commit), else through its queue.
  const now = engine.depthNow(facts.id)
  const [market, depth] = await Promise.all([
    engine.catalogueMarket(facts.id),
    now ?? engine.depth(facts.id),
  ])
  if (!market) return undefined
  const books = new Map(depth?.map((r) => [r.selectionId as string, r]))
  return {
    definition: definitionOf(facts, market),
    runners: market.runners.map((r) => {
      const book = books.get(r.selectionId)
      const traded = book?.traded ?? []
      return {
        id: Number(r.selectionId),
        back: levelsOut(book?.availableToBack ?? []),
        lay: levelsOut(book?.availableToLay ?? []),
        traded: levelsOut(traded),
        ltp: lastTraded.get(r.selectionId),
        tv: paiseToRupees(traded.reduce((sum, l) => sum + l.size, 0)),
      }
    }),
  }
}

/** Each runner's last traded price (decimal) from the store, as a new follower starts from. */
export async function storedLastTraded(db: Kysely<Database>, marketId: string) {
  const stored = await lastTradedPrices(db, marketId)
  return new Map([...stored].map(([id, odds]) => [id, oddsToDecimal(odds)]))
}
