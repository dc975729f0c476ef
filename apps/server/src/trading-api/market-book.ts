import type { ListMarketBookParams, MarketBook } from '@backlay/contract/betfair-api'
import { oddsToDecimal, paiseToRupees } from '@backlay/contract/money'
import type { Kysely } from 'kysely'
import type { Database, RunnerStatus } from '../db/schema'
import type { ExchangeEngine } from '../markets/exchange-engine'
import { EXCHANGE_KINDS } from '../markets/market-state'
import { lastTradedPrices } from '../use-cases/price-history'
import { ApingError } from './api-errors'
import { WEIGHT_LIMIT } from './market-reads'

/** Weights of listMarketBook's price projections, as Betfair's market data limits give them. */
function bookWeight(priceData: readonly string[], depth: number): number {
  const all = priceData.includes('EX_ALL_OFFERS')
  const traded = priceData.includes('EX_TRADED')
  if (all && traded) return 20
  let weight = 0
  if (priceData.includes('EX_BEST_OFFERS')) weight += Math.ceil((5 * Math.max(depth, 3)) / 3)
  if (all) weight += 17
  if (traded) weight += 17
  return weight === 0 ? 2 : weight
}

const RUNNER_STATUS: Record<RunnerStatus, MarketBook['runners'][number]['status']> = {
  ACTIVE: 'ACTIVE',
  // A runner the feed holds back is not offered: Betfair calls that hidden.
  SUSPENDED: 'HIDDEN',
  WINNER: 'WINNER',
  LOSER: 'LOSER',
  REMOVED: 'REMOVED',
}

const levels = (list: readonly { price: number; size: number }[]) =>
  list.map((l) => ({ price: oddsToDecimal(l.price), size: paiseToRupees(l.size) }))

/**
 * listMarketBook over Backlay's exchange markets: each one's book as the exchange holds it (the
 * best `bestPricesDepth` a side, or every price), what matched at each price, and with an
 * orderProjection the caller's own orders. Unknown ids are left out, as Betfair does.
 */
export async function listMarketBook(
  deps: { db: Kysely<Database>; engine: Pick<ExchangeEngine, 'depth'> },
  params: ListMarketBookParams,
  userId: string,
): Promise<MarketBook[]> {
  const priceData = params.priceProjection?.priceData ?? []
  const depth = params.priceProjection?.exBestOffersOverrides?.bestPricesDepth ?? 3
  if (params.marketIds.length * bookWeight(priceData, depth) > WEIGHT_LIMIT)
    throw new ApingError('TOO_MUCH_DATA', `markets × projection weight must be ≤ ${WEIGHT_LIMIT}.`)
  const markets = await deps.db
    .selectFrom('markets')
    .select(['id', 'status', 'inplay', 'bet_delay_seconds', 'number_of_winners'])
    .where('id', 'in', params.marketIds)
    .where('kind', 'in', EXCHANGE_KINDS)
    .execute()
  if (markets.length === 0) return []
  const ids = markets.map((m) => m.id)
  const [runners, orders] = await Promise.all([
    deps.db
      .selectFrom('runners')
      .select(['market_id', 'selection_id', 'status'])
      .where('market_id', 'in', ids)
      .orderBy('sort_priority')
      .execute(),
    params.orderProjection || params.matchProjection
      ? deps.db
          .selectFrom('bet_orders')
          .selectAll()
          .where('user_id', '=', userId)
          .where('market_id', 'in', ids)
          .where('status', '=', 'OPEN')
          .orderBy('seq')
          .execute()
      : Promise.resolve([]),
  ])
  const removals = await deps.db
    .selectFrom('runner_removals')
    .select(['market_id', 'selection_id', 'reduction_factor_bp', 'removed_at'])
    .where('market_id', 'in', ids)
    .execute()

  const books: MarketBook[] = []
  for (const id of params.marketIds) {
    const market = markets.find((m) => m.id === id)
    if (!market) continue
    const [book, lastTraded] = await Promise.all([
      deps.engine.depth(id),
      lastTradedPrices(deps.db, id),
    ])
    const own = runners.filter((r) => r.market_id === id)
    const bookRunners = own.map((r) => {
      const prices = book?.find((b) => b.selectionId === r.selection_id)
      const traded = prices?.traded ?? []
      const matched = traded.reduce((sum, l) => sum + l.size, 0)
      const last = lastTraded.get(r.selection_id)
      const removal = removals.find((x) => x.market_id === id && x.selection_id === r.selection_id)
      const mine = orders.filter((o) => o.market_id === id && o.selection_id === r.selection_id)
      const wanted = params.orderProjection ?? 'ALL'
      return {
        selectionId: Number(r.selection_id),
        handicap: 0,
        status: RUNNER_STATUS[r.status],
        ...(removal
          ? {
              adjustmentFactor: removal.reduction_factor_bp / 100,
              removalDate: removal.removed_at.toISOString(),
            }
          : {}),
        ...(last ? { lastPriceTraded: oddsToDecimal(last) } : {}),
        totalMatched: paiseToRupees(matched),
        ex: {
          availableToBack: priceData.includes('EX_ALL_OFFERS')
            ? levels(prices?.availableToBack ?? [])
            : priceData.includes('EX_BEST_OFFERS')
              ? levels((prices?.availableToBack ?? []).slice(0, depth))
              : [],
          availableToLay: priceData.includes('EX_ALL_OFFERS')
            ? levels(prices?.availableToLay ?? [])
            : priceData.includes('EX_BEST_OFFERS')
              ? levels((prices?.availableToLay ?? []).slice(0, depth))
              : [],
          tradedVolume: priceData.includes('EX_TRADED') ? levels(traded) : [],
        },
        ...(params.orderProjection
          ? {
              orders: mine
                .filter((o) =>
                  wanted === 'EXECUTABLE'
                    ? o.remaining > 0
                    : wanted === 'EXECUTION_COMPLETE'
                      ? o.remaining === 0
                      : true,
                )
                .map(bookOrderOf),
            }
          : {}),
        ...(params.matchProjection
          ? {
              matches: mine
                .filter((o) => o.matched > 0)
                .map((o) => ({
                  ...(params.matchProjection === 'NO_ROLLUP' ? { betId: o.id } : {}),
                  side: o.side,
                  price: averagePrice(o),
                  size: paiseToRupees(o.matched),
                })),
            }
          : {}),
      }
    })
    const status = market.status
    const active = own.filter((r) => r.status === 'ACTIVE' || r.status === 'SUSPENDED').length
    books.push({
      marketId: id,
      isMarketDataDelayed: false,
      status,
      betDelay: market.bet_delay_seconds,
      bspReconciled: false,
      complete: true,
      inplay: market.inplay,
      numberOfWinners: market.number_of_winners,
      numberOfRunners: own.length,
      numberOfActiveRunners: active,
      totalMatched: bookRunners.reduce((sum, r) => sum + r.totalMatched, 0),
      totalAvailable: 0,
      crossMatching: false,
      runnersVoidable: false,
      version: 1,
      runners: bookRunners,
    })
  }
  return books
}

type OrderRow = {
  id: string
  side: 'BACK' | 'LAY'
  odds: number
  stake: number
  matched: number
  matched_value: number
  remaining: number
  cancelled: number
  placed_at: Date
  keep_inplay: boolean
  placed_inplay: boolean
  selection_id: string
}

/** Average matched price, decimal; the asked price while nothing matched. */
export const averagePrice = (o: Pick<OrderRow, 'matched' | 'matched_value' | 'odds'>) =>
  oddsToDecimal(o.matched > 0 ? Math.round(o.matched_value / o.matched) : o.odds)

export function bookOrderOf(o: OrderRow) {
  return {
    betId: o.id,
    orderType: 'LIMIT' as const,
    status: o.remaining > 0 ? ('EXECUTABLE' as const) : ('EXECUTION_COMPLETE' as const),
    persistenceType: o.keep_inplay || o.placed_inplay ? ('PERSIST' as const) : ('LAPSE' as const),
    side: o.side,
    price: oddsToDecimal(o.odds),
    size: paiseToRupees(o.stake),
    bspLiability: 0,
    placedDate: o.placed_at.toISOString(),
    ...(o.matched > 0 ? { avgPriceMatched: averagePrice(o) } : {}),
    sizeMatched: paiseToRupees(o.matched),
    sizeRemaining: paiseToRupees(o.remaining),
    sizeLapsed: 0,
    sizeCancelled: paiseToRupees(o.cancelled),
    sizeVoided: 0,
  }
}
