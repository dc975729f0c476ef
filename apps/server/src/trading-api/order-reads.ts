import type {
  ClearedOrderSummary,
  CurrentOrderSummary,
  listClearedOrdersParams,
  listCurrentOrdersParams,
  listMarketProfitAndLossParams,
} from '@backlay/contract/betfair-orders'
import { oddsToDecimal, paiseToRupees } from '@backlay/contract/money'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import { orderRowsQuery } from '../markets/bet-queries'
import { EXCHANGE_KINDS } from '../markets/market-state'
import type { ApiCaller } from './api-caller'
import { averagePrice, bookOrderOf, refsOf } from './market-book'
import { betfairMarketType } from './market-reads'

/** A filter list the call gave: an empty one filters nothing, as Betfair reads it. */
const given = (values: readonly unknown[] | undefined) => values !== undefined && values.length > 0

/** listCurrentOrders: the caller's exchange bets not yet settled, web and API bets alike. */
export async function listCurrentOrders(
  app: FastifyInstance,
  caller: ApiCaller,
  params: z.output<typeof listCurrentOrdersParams>,
): Promise<{ currentOrders: CurrentOrderSummary[]; moreAvailable: boolean }> {
  const from = params.fromRecord ?? 0
  const count = params.recordCount && params.recordCount > 0 ? params.recordCount : 1000
  const rows = await app.db
    .selectFrom('bet_orders')
    .selectAll()
    .where('user_id', '=', caller.userId)
    .where('status', '=', 'OPEN')
    .where('market_kind', 'in', EXCHANGE_KINDS)
    .where((eb) => eb.or([eb('remaining', '>', 0), eb('matched', '>', 0)]))
    .$if(given(params.betIds), (q) => q.where('id', 'in', params.betIds ?? []))
    .$if(given(params.marketIds), (q) => q.where('market_id', 'in', params.marketIds ?? []))
    .$if(given(params.customerOrderRefs), (q) =>
      q.where('customer_order_ref', 'in', params.customerOrderRefs ?? []),
    )
    .$if(given(params.customerStrategyRefs), (q) =>
      q.where('customer_strategy_ref', 'in', params.customerStrategyRefs ?? []),
    )
    .$if(params.orderProjection === 'EXECUTABLE', (q) => q.where('remaining', '>', 0))
    .$if(params.orderProjection === 'EXECUTION_COMPLETE', (q) => q.where('remaining', '=', 0))
    .$if(params.dateRange?.from !== undefined, (q) =>
      q.where('placed_at', '>=', new Date(params.dateRange?.from ?? 0)),
    )
    .$if(params.dateRange?.to !== undefined, (q) =>
      q.where('placed_at', '<=', new Date(params.dateRange?.to ?? 0)),
    )
    .orderBy('placed_at', params.sortDir === 'LATEST_TO_EARLIEST' ? 'desc' : 'asc')
    .orderBy('seq')
    .offset(from)
    .limit(count + 1)
    .execute()
  return {
    currentOrders: rows.slice(0, count).map((o) => {
      const book = bookOrderOf(o)
      return {
        betId: o.id,
        marketId: o.market_id,
        selectionId: Number(o.selection_id),
        handicap: 0,
        priceSize: { price: book.price, size: book.size },
        bspLiability: 0,
        side: o.side,
        status: book.status,
        persistenceType: book.persistenceType,
        orderType: 'LIMIT' as const,
        placedDate: book.placedDate,
        averagePriceMatched: o.matched > 0 ? averagePrice(o) : 0,
        sizeMatched: book.sizeMatched,
        sizeRemaining: book.sizeRemaining,
        sizeLapsed: 0,
        sizeCancelled: book.sizeCancelled,
        sizeVoided: 0,
        regulatorCode: 'BACKLAY',
        ...refsOf(o),
      }
    }),
    moreAvailable: rows.length > count,
  }
}

type ClearedParams = z.output<typeof listClearedOrdersParams>

/**
 * listClearedOrders: the caller's settled (won or lost), voided or cancelled exchange bets, one
 * by one or rolled up by `groupBy`, as Betfair's ClearedOrderSummary. Lapsed bets are counted as
 * cancelled here: Backlay keeps one cancelled size for both.
 */
export async function listClearedOrders(
  app: FastifyInstance,
  caller: ApiCaller,
  params: ClearedParams,
): Promise<{ clearedOrders: ClearedOrderSummary[]; moreAvailable: boolean }> {
  const from = params.fromRecord ?? 0
  const count = params.recordCount && params.recordCount > 0 ? params.recordCount : 1000
  const rows = await orderRowsQuery(app.db)
    .innerJoin('sports as s', 's.id', 'e.sport_id')
    .select([
      's.name as sport_name',
      'm.kind',
      'm.market_type',
      'm.start_time',
      'm.number_of_winners',
      'o.placed_inplay',
      'o.customer_order_ref',
      'o.customer_strategy_ref',
    ])
    .where('o.user_id', '=', caller.userId)
    .where('o.market_kind', 'in', EXCHANGE_KINDS)
    .$if(params.betStatus === 'SETTLED', (q) =>
      q.where('o.status', '=', 'SETTLED').where('o.result', 'in', ['WON', 'LOST']),
    )
    .$if(params.betStatus === 'VOIDED', (q) =>
      q.where('o.status', '=', 'SETTLED').where('o.result', '=', 'VOID'),
    )
    .$if(params.betStatus === 'CANCELLED' || params.betStatus === 'LAPSED', (q) =>
      q.where('o.cancelled', '>', 0),
    )
    .$if(given(params.eventTypeIds), (q) => q.where('e.sport_id', 'in', params.eventTypeIds ?? []))
    .$if(given(params.eventIds), (q) => q.where('e.id', 'in', params.eventIds ?? []))
    .$if(given(params.marketIds), (q) => q.where('o.market_id', 'in', params.marketIds ?? []))
    .$if(given(params.betIds), (q) => q.where('o.id', 'in', params.betIds ?? []))
    .$if(given(params.customerOrderRefs), (q) =>
      q.where('o.customer_order_ref', 'in', params.customerOrderRefs ?? []),
    )
    .$if(given(params.customerStrategyRefs), (q) =>
      q.where('o.customer_strategy_ref', 'in', params.customerStrategyRefs ?? []),
    )
    .$if(params.side !== undefined, (q) => q.where('o.side', '=', params.side ?? 'BACK'))
    .$if(params.settledDateRange?.from !== undefined, (q) =>
      q.where('o.settled_at', '>=', new Date(params.settledDateRange?.from ?? 0)),
    )
    .$if(params.settledDateRange?.to !== undefined, (q) =>
      q.where('o.settled_at', '<=', new Date(params.settledDateRange?.to ?? 0)),
    )
    .orderBy('o.settled_at')
    .orderBy('o.seq')
    .execute()
  const wanted = params.runnerIds
    ? rows.filter((o) =>
        params.runnerIds?.some(
          (r) => r.marketId === o.market_id && String(r.selectionId) === o.selection_id,
        ),
      )
    : rows
  const bets: ClearedOrderSummary[] = wanted.map((o) => ({
    eventTypeId: o.sport_id,
    eventId: o.event_id,
    marketId: o.market_id,
    selectionId: Number(o.selection_id),
    handicap: 0,
    betId: o.id,
    placedDate: o.placed_at.toISOString(),
    persistenceType: o.keep_inplay || o.placed_inplay ? 'PERSIST' : 'LAPSE',
    orderType: 'LIMIT',
    side: o.side,
    ...(params.includeItemDescription
      ? {
          itemDescription: {
            eventTypeDesc: o.sport_name,
            eventDesc: o.match_name,
            marketDesc: o.market_name,
            marketType: betfairMarketType(o),
            marketStartTime: o.start_time.toISOString(),
            runnerDesc: o.selection_name ?? '',
            numberOfWinners: o.number_of_winners,
          },
        }
      : {}),
    ...(o.result === 'WON' || o.result === 'LOST' ? { betOutcome: o.result } : {}),
    priceRequested: oddsToDecimal(o.odds),
    ...(o.settled_at ? { settledDate: o.settled_at.toISOString() } : {}),
    betCount: 1,
    ...(o.matched > 0 ? { priceMatched: averagePrice(o) } : {}),
    priceReduced: false,
    sizeSettled: paiseToRupees(o.matched),
    profit: paiseToRupees(o.pl ?? 0),
    sizeCancelled: paiseToRupees(o.cancelled),
    ...refsOf(o),
  }))
  const listed = params.groupBy && params.groupBy !== 'BET' ? rolledUp(bets, params.groupBy) : bets
  return {
    clearedOrders: listed.slice(from, from + count),
    moreAvailable: listed.length > from + count,
  }
}

/** Betfair's roll-up: what the group shares, its bet count, and its summed profit and sizes. */
function rolledUp(
  bets: readonly ClearedOrderSummary[],
  groupBy: NonNullable<ClearedParams['groupBy']>,
) {
  const keyOf = (b: ClearedOrderSummary) =>
    groupBy === 'EVENT_TYPE'
      ? `${b.eventTypeId}`
      : groupBy === 'EVENT'
        ? `${b.eventId}`
        : groupBy === 'MARKET'
          ? `${b.marketId}`
          : `${b.marketId}:${b.side}`
  const groups = new Map<string, ClearedOrderSummary>()
  for (const b of bets) {
    const key = keyOf(b)
    const seen = groups.get(key)
    const round = (n: number) => Math.round(n * 100) / 100
    if (!seen) {
      groups.set(key, {
        eventTypeId: b.eventTypeId,
        ...(groupBy !== 'EVENT_TYPE' ? { eventId: b.eventId } : {}),
        ...(groupBy === 'MARKET' || groupBy === 'SIDE' ? { marketId: b.marketId } : {}),
        ...(groupBy === 'SIDE' ? { side: b.side } : {}),
        ...(b.settledDate ? { settledDate: b.settledDate } : {}),
        betCount: 1,
        profit: b.profit ?? 0,
        sizeSettled: b.sizeSettled ?? 0,
        sizeCancelled: b.sizeCancelled ?? 0,
      })
      continue
    }
    seen.betCount += 1
    seen.profit = round((seen.profit ?? 0) + (b.profit ?? 0))
    seen.sizeSettled = round((seen.sizeSettled ?? 0) + (b.sizeSettled ?? 0))
    seen.sizeCancelled = round((seen.sizeCancelled ?? 0) + (b.sizeCancelled ?? 0))
  }
  return [...groups.values()]
}

/** listMarketProfitAndLoss: the caller's P/L if each runner wins, from their matched bets. */
export async function listMarketProfitAndLoss(
  app: FastifyInstance,
  caller: ApiCaller,
  params: z.output<typeof listMarketProfitAndLossParams>,
) {
  const answers = []
  for (const marketId of params.marketIds) {
    const position = await app.exchange.positionIn(caller.userId, marketId)
    if (!position || !(EXCHANGE_KINDS as readonly string[]).includes(position.kind)) continue
    answers.push({
      marketId,
      commissionApplied: 0,
      profitAndLosses: position.selectionIds.map((id, i) => ({
        selectionId: Number(id),
        ifWin: paiseToRupees(position.pl[i] ?? 0),
      })),
    })
  }
  return answers
}
