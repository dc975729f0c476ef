import type { Kysely } from 'kysely'
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

/** Several markets in two queries, by id (unknown ids are absent). */
export async function readCatalogueMarkets(
  db: Kysely<Database>,
  marketIds: readonly string[],
): Promise<Map<string, CatalogueMarket>> {
  if (marketIds.length === 0) return new Map()
  const [markets, runners] = await Promise.all([
    db
      .selectFrom('markets as m')
      .innerJoin('events as e', 'e.id', 'm.event_id')
      .select([
        'm.id',
        'm.kind',
        'm.name',
        'm.event_id',
        'e.name as event_name',
        'e.sport_id',
        'm.status',
        'm.inplay',
        'm.bet_delay_seconds',
        'm.min_stake',
        'm.max_stake',
        'm.max_profit',
      ])
      .where('m.id', 'in', marketIds)
      .execute(),
    db
      .selectFrom('runners')
      .select(['market_id', 'selection_id', 'name', 'status', 'back', 'lay'])
      .where('market_id', 'in', marketIds)
      .orderBy('market_id')
      .orderBy('sort_priority')
      .execute(),
  ])
  const out = new Map<string, CatalogueMarket>()
  for (const market of markets) {
    out.set(market.id, {
      id: market.id,
      kind: market.kind,
      name: market.name,
      eventId: market.event_id,
      eventName: market.event_name,
      sportId: market.sport_id,
      status: market.status,
      inplay: market.inplay,
      betDelaySeconds: market.bet_delay_seconds,
      minStake: market.min_stake,
      maxStake: market.max_stake,
      maxProfit: market.max_profit,
      runners: [],
    })
  }
  for (const r of runners) {
    out.get(r.market_id)?.runners.push({
      selectionId: r.selection_id,
      name: r.name,
      status: r.status,
      back: r.back,
      lay: r.lay,
    })
  }
  return out
}
