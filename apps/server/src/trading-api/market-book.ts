import type { ListMarketBookParams, MarketBook } from '@backlay/contract/betfair-api'
import { oddsToDecimal, paiseToRupees } from '@backlay/contract/money'
import { VIEW_DEPTH } from '@backlay/exchange/order-book'
import type { Kysely } from 'kysely'
import type { Database, RunnerStatus } from '../db/schema'
import type { CatalogueMarket } from '../markets/catalogue'
import type { ExchangeEngine } from '../markets/exchange-engine'
import { EXCHANGE_KINDS } from '../markets/market-state'
import { lastTradedPrices } from '../use-cases/price-history'
import { ApingError } from './api-errors'
import type { BookMemo } from './book-memo'
import { WEIGHT_LIMIT } from './market-reads'
import type { RawJson } from './raw-json'

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

type BookReads = Pick<ExchangeEngine, 'depth' | 'catalogueMarket' | 'view' | 'bookVersion'>

/** The best three a side of a quoted market's book, from its view. */
const viewRunners = (engine: BookReads, marketId: string) =>
  engine.view(marketId)?.runners.map((r) => ({ ...r, traded: [] }))
type BookRunner = NonNullable<Awaited<ReturnType<typeof bookOf>>>[number]
interface RemovalRow {
  market_id: string
  selection_id: string
  reduction_factor_bp: number
  removed_at: Date
}

/**
 * A market's book as the call needs it: the best three a side from the book's view (kept as the
 * book changes, read without a turn in the market's queue), else its whole depth.
 */
async function bookOf(
  engine: BookReads,
  marketId: string,
  priceData: readonly string[],
  depth: number,
) {
  const best = !priceData.includes('EX_ALL_OFFERS') && !priceData.includes('EX_TRADED')
  const view = best && depth <= VIEW_DEPTH ? viewRunners(engine, marketId) : undefined
  if (view) return view
  return (await engine.depth(marketId))?.map((r) => ({
    ...r,
    totalMatched: r.traded.reduce((sum, l) => sum + l.size, 0),
  }))
}

/** A runner's status as Betfair names it (API-NG and the stream alike). */
export const RUNNER_STATUS: Record<RunnerStatus, MarketBook['runners'][number]['status']> = {
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
  deps: { db: Kysely<Database>; engine: BookReads },
  params: ListMarketBookParams,
  userId: string,
  /** Keeps the plain poll's answers between calls; without it every book is built anew. */
  memo?: BookMemo,
): Promise<(MarketBook | RawJson)[]> {
  const priceData = params.priceProjection?.priceData ?? []
  const depth = params.priceProjection?.exBestOffersOverrides?.bestPricesDepth ?? 3
  if (params.marketIds.length * bookWeight(priceData, depth) > WEIGHT_LIMIT)
    throw new ApingError('TOO_MUCH_DATA', `markets × projection weight must be ≤ ${WEIGHT_LIMIT}.`)
  // The catalogue and the books are in memory: a bot's poll of prices reads no table.
  const markets = (
    await Promise.all(params.marketIds.map((id) => deps.engine.catalogueMarket(id)))
  ).filter(
    (m): m is CatalogueMarket =>
      m !== undefined && (EXCHANGE_KINDS as readonly string[]).includes(m.kind),
  )
  if (markets.length === 0) return []
  const ids = markets.map((m) => m.id)
  const wantsOrders = params.orderProjection !== undefined || params.matchProjection !== undefined
  const traded = priceData.includes('EX_TRADED')
  const removedIn = markets.filter((m) => m.runners.some((r) => r.status === 'REMOVED'))
  const plain =
    !wantsOrders && !traded && !priceData.includes('EX_ALL_OFFERS') && depth <= VIEW_DEPTH
  const [orders, removals, depths, lastTraded] = await Promise.all([
    wantsOrders
      ? deps.db
          .selectFrom('bet_orders')
          .selectAll()
          .where('user_id', '=', userId)
          .where('market_id', 'in', ids)
          .where('status', '=', 'OPEN')
          .orderBy('seq')
          .execute()
      : [],
    removedIn.length > 0
      ? deps.db
          .selectFrom('runner_removals')
          .select(['market_id', 'selection_id', 'reduction_factor_bp', 'removed_at'])
          .where(
            'market_id',
            'in',
            removedIn.map((m) => m.id),
          )
          .execute()
      : [],
    // A kept answer needs no book read; the rest read theirs.
    Promise.all(
      markets.map((market) =>
        memo && plain && deps.engine.bookVersion(market.id) !== undefined
          ? undefined
          : bookOf(deps.engine, market.id, priceData, depth),
      ),
    ),
    // Each runner's last matched price is a read of the fills: it comes with EX_TRADED.
    traded ? Promise.all(ids.map((id) => lastTradedPrices(deps.db, id))) : [],
  ])

  return markets.map((market, m) => {
    const parts = { book: depths[m], last: lastTraded[m], removals, orders }
    const version = memo && plain ? deps.engine.bookVersion(market.id) : undefined
    if (!memo || version === undefined) return marketBookOf(market, parts, params)
    const key = `${market.id}:${depth}:${priceData.join(',')}`
    return memo.answer(key, market, version, () =>
      marketBookOf(market, { ...parts, book: viewRunners(deps.engine, market.id) }, params),
    )
  })
}

type OrderRow = {
  id: string
  market_id: string
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
  customer_order_ref: string | null
  customer_strategy_ref: string | null
}

/** The placing client's references of a bet, where Betfair's answers carry them. */
export const refsOf = (o: Pick<OrderRow, 'customer_order_ref' | 'customer_strategy_ref'>) => ({
  ...(o.customer_order_ref ? { customerOrderRef: o.customer_order_ref } : {}),
  ...(o.customer_strategy_ref ? { customerStrategyRef: o.customer_strategy_ref } : {}),
})

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
    ...refsOf(o),
  }
}

interface BookParts {
  book: BookRunner[] | undefined
  last: ReadonlyMap<string, number> | undefined
  removals: readonly RemovalRow[]
  orders: readonly OrderRow[]
}

/** One market's MarketBook from its catalogue row, its book and the call's extras. */
function marketBookOf(
  market: CatalogueMarket,
  { book, last, removals, orders }: BookParts,
  params: ListMarketBookParams,
): MarketBook {
  const id = market.id
  const priceData = params.priceProjection?.priceData ?? []
  const depth = params.priceProjection?.exBestOffersOverrides?.bestPricesDepth ?? 3
  const traded = priceData.includes('EX_TRADED')
  const bookRunners = market.runners.map((r) => {
    const prices = book?.find((b) => b.selectionId === r.selectionId)
    const matchedAt = prices?.traded ?? []
    const matched = prices?.totalMatched ?? 0
    const ltp = last?.get(r.selectionId)
    const removal = removals.find((x) => x.market_id === id && x.selection_id === r.selectionId)
    const mine = orders.filter((o) => o.market_id === id && o.selection_id === r.selectionId)
    const wanted = params.orderProjection ?? 'ALL'
    return {
      selectionId: Number(r.selectionId),
      handicap: 0,
      status: RUNNER_STATUS[r.status],
      ...(removal
        ? {
            adjustmentFactor: removal.reduction_factor_bp / 100,
            removalDate: removal.removed_at.toISOString(),
          }
        : {}),
      ...(ltp ? { lastPriceTraded: oddsToDecimal(ltp) } : {}),
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
        tradedVolume: traded ? levels(matchedAt) : [],
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
  const active = market.runners.filter(
    (r) => r.status === 'ACTIVE' || r.status === 'SUSPENDED',
  ).length
  return {
    marketId: id,
    isMarketDataDelayed: false,
    status: market.status,
    betDelay: market.betDelaySeconds,
    bspReconciled: false,
    complete: true,
    inplay: market.inplay,
    numberOfWinners: market.numberOfWinners,
    numberOfRunners: market.runners.length,
    numberOfActiveRunners: active,
    totalMatched: bookRunners.reduce((sum, r) => sum + r.totalMatched, 0),
    totalAvailable: 0,
    crossMatching: false,
    runnersVoidable: false,
    version: market.version,
    runners: bookRunners,
  }
}
