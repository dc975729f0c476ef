import type { Kysely } from 'kysely'
import { jsonArrayFrom } from 'kysely/helpers/postgres'
import type { Database, MarketKind, MarketStatus, PriceLevel, RunnerStatus } from '../db/schema'

/** A market as the catalogue holds it now: operators and the feed change status there. */
export interface CatalogueMarket {
  id: string
  kind: MarketKind
  name: string
  eventId: string
  eventName: string
  sportId: string
  status: MarketStatus
  inplay: boolean
  betDelaySeconds: number
  /** How many runners it pays (a place market's places). */
  numberOfWinners: number
  /** Betfair's market version (migration 1004). */
  version: number
  minStake: number
  maxStake: number
  maxProfit: number
  runners: {
    selectionId: string
    name: string
    status: RunnerStatus
    back: PriceLevel[]
    lay: PriceLevel[]
  }[]
}

/** readCatalogueMarket(db, '1.4…') → the market with its runners in display order, or undefined. */
export async function readCatalogueMarket(
  db: Kysely<Database>,
  marketId: string,
): Promise<CatalogueMarket | undefined> {
  return (await readCatalogueMarkets(db, [marketId])).get(marketId)
}

/** Several markets with their runners in one query, by id (unknown ids are absent). */
export async function readCatalogueMarkets(
  db: Kysely<Database>,
  marketIds: readonly string[],
): Promise<Map<string, CatalogueMarket>> {
  if (marketIds.length === 0) return new Map()
  const markets = await db
    .selectFrom('markets as m')
    .innerJoin('events as e', 'e.id', 'm.event_id')
    .select((eb) => [
      'm.id',
      'm.kind',
      'm.name',
      'm.event_id',
      'e.name as event_name',
      'e.sport_id',
      'm.status',
      'm.inplay',
      'm.bet_delay_seconds',
      'm.number_of_winners',
      'm.version',
      'm.min_stake',
      'm.max_stake',
      'm.max_profit',
      jsonArrayFrom(
        eb
          .selectFrom('runners as r')
          .select(['r.selection_id', 'r.name', 'r.status', 'r.back', 'r.lay'])
          .whereRef('r.market_id', '=', 'm.id')
          .orderBy('r.sort_priority'),
      ).as('runners'),
    ])
    .where('m.id', 'in', marketIds)
    .execute()
  return new Map(
    markets.map((market) => [
      market.id,
      {
        id: market.id,
        kind: market.kind,
        name: market.name,
        eventId: market.event_id,
        eventName: market.event_name,
        sportId: market.sport_id,
        status: market.status,
        inplay: market.inplay,
        betDelaySeconds: market.bet_delay_seconds,
        numberOfWinners: market.number_of_winners,
        version: market.version,
        minStake: market.min_stake,
        maxStake: market.max_stake,
        maxProfit: market.max_profit,
        runners: market.runners.map((r) => ({
          selectionId: r.selection_id,
          name: r.name,
          status: r.status,
          back: r.back,
          lay: r.lay,
        })),
      },
    ]),
  )
}
