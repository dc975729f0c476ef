import type { BestPrices } from './cash-out'
import type { Fill, MarketView, Side } from './order-book'

/**
 * The shape of one trade as the server writes it: the orders a change placed, the fills it made
 * and the unmatched parts it took off, and the order rows those add up to in one commit.
 */

/** One order a change placed, as it stands right after the change. */
export interface PlacedOrder {
  readonly id: string
  readonly leg: {
    readonly selectionId: string
    readonly side: Side
    /** odds ×100; for a fancy bet the rate, with the runs in `line` */
    readonly odds: number
    readonly line: number | null
    readonly stake: number
  }
  readonly matched: number
  /** Σ fill stake × fill odds, so the average matched price is exact */
  readonly matchedValue: number
  readonly remaining: number
  readonly cancelled: number
  /** an exchange order that stays on the book when the market turns in-play */
  readonly keepInPlay?: boolean
  /** the placing client's own references (Betfair's customerOrderRef, customerStrategyRef) */
  readonly refs?: OrderRefs
}

export interface OrderRefs {
  readonly orderRef?: string
  readonly strategyRef?: string
}

/** What one change writes besides its ledger posting. */
export interface TradeWrites {
  orders: PlacedOrder[]
  fills: Fill[]
  cancels: { orderId: string; size: number }[]
}

/** A change of one trader on one market, as a commit takes it. */
export interface CommittedChange<B extends string> {
  readonly market: { readonly id: string; readonly eventId: string; readonly kind: string }
  readonly userId: string
  readonly book: B
  /** the market was in-play when the change was placed (its orders never lapse) */
  readonly inPlay: boolean
  readonly writes: TradeWrites
}

/** A new order row as it ends the commit. */
export interface CreatedOrder<B extends string> {
  id: string
  user_id: string
  book: B
  market_id: string
  event_id: string
  market_kind: string
  selection_id: string
  side: Side
  odds: number
  line: number | null
  stake: number
  matched: number
  matched_value: number
  remaining: number
  cancelled: number
  placed_inplay: boolean
  keep_inplay: boolean
  customer_order_ref: string | null
  customer_strategy_ref: string | null
}

/** How much an order from an earlier commit moves: matched stake and value, cancelled stake. */
export interface OrderCounters {
  stake: number
  value: number
  cancelled: number
}

export interface CommitOrders<B extends string> {
  created: Map<string, CreatedOrder<B>>
  older: Map<string, OrderCounters>
}

/**
 * The order rows of a commit: a later change may match or cancel an order an earlier one placed,
 * so such an order is written as it ends; only orders of earlier commits get counters moved.
 * commitOrders([place A (rests 100), lay matching A for 40]) → created A with matched 40,
 * remaining 60; nothing older.
 */
export function commitOrders<B extends string>(
  changes: readonly CommittedChange<B>[],
): CommitOrders<B> {
  const created = new Map<string, CreatedOrder<B>>()
  const older = new Map<string, OrderCounters>()
  const olderOf = (id: string) => {
    const c = older.get(id) ?? { stake: 0, value: 0, cancelled: 0 }
    older.set(id, c)
    return c
  }
  for (const { market, userId, book, inPlay, writes } of changes) {
    for (const o of writes.orders) {
      created.set(o.id, {
        id: o.id,
        user_id: userId,
        book,
        market_id: market.id,
        event_id: market.eventId,
        market_kind: market.kind,
        selection_id: o.leg.selectionId,
        side: o.leg.side,
        odds: o.leg.odds,
        line: o.leg.line,
        stake: o.leg.stake,
        matched: o.matched,
        matched_value: o.matchedValue,
        remaining: o.remaining,
        cancelled: o.cancelled,
        placed_inplay: inPlay,
        keep_inplay: o.keepInPlay ?? false,
        customer_order_ref: o.refs?.orderRef ?? null,
        customer_strategy_ref: o.refs?.strategyRef ?? null,
      })
    }
    for (const f of writes.fills) {
      const makerId = f.taker === 'BACK' ? f.layOrderId : f.backOrderId
      const maker = created.get(makerId)
      if (maker) {
        maker.matched += f.stake
        maker.matched_value += f.stake * f.odds
        maker.remaining -= f.stake
      } else {
        const c = olderOf(makerId)
        c.stake += f.stake
        c.value += f.stake * f.odds
      }
    }
    for (const c of writes.cancels) {
      const order = created.get(c.orderId)
      if (order) {
        order.remaining -= c.size
        order.cancelled += c.size
      } else olderOf(c.orderId).cancelled += c.size
    }
  }
  return { created, older }
}

/** The best prices of each runner of a book, as cash-out takes them. */
export const bestPricesOf = (view: MarketView): BestPrices[] =>
  view.runners.map((r) => ({
    selectionId: r.selectionId,
    ...(r.availableToBack[0] ? { back: r.availableToBack[0].price } : {}),
    ...(r.availableToLay[0] ? { lay: r.availableToLay[0].price } : {}),
  }))
