import { match } from '@backlay/exchange/matching'
import type { OrderBook, Persistence } from '@backlay/exchange/order-book'
import type { OrderRefs, TradeWrites } from '@backlay/exchange/trade'
import { applyFill, type MarketState, orderRequest, type Position } from './market-state'
import { bookOf, type OddsLeg, type Trader } from './trade-types'

/**
 * Matches one leg of a trader on a market's book; when the book took it (placed, and for a
 * fill-or-kill leg something matched), its fills are applied to every position, a rest joins the
 * trader's open orders, and the order, its fills and a fill-or-kill leg's cancelled rest are
 * added to `writes`. The book's answer, for the caller's refusal rules.
 * Used by placements (exchange-engine.ts) and the market maker's requote (market-maker.ts).
 */
export function matchLeg(
  state: MarketState,
  book: OrderBook,
  trader: Trader,
  position: Position,
  leg: OddsLeg,
  order: {
    id: string
    persistence: Persistence
    fillOrKill?: { readonly minFill?: number }
    refs?: OrderRefs
    now: number
  },
  writes: TradeWrites,
) {
  const request = orderRequest(order.id, trader.userId, leg, order.persistence, order.fillOrKill)
  const placed = match(book, request, order.now)
  if (!placed.ok || (placed.value.matched === 0 && placed.value.lapsed > 0)) return placed
  if (placed.value.resting > 0) position.open.add(order.id)
  for (const fill of placed.value.fills) applyFill(state, fill, (u) => bookOf(state, u, trader))
  writes.fills.push(...placed.value.fills)
  writes.orders.push({
    id: order.id,
    leg: { ...leg, line: null },
    matched: placed.value.matched,
    matchedValue: placed.value.fills.reduce((s, f) => s + f.stake * f.odds, 0),
    // A fill-or-kill rest is written as placed and cancelled, so the order history shows it.
    remaining: placed.value.resting + placed.value.lapsed,
    cancelled: 0,
    keepInPlay: order.persistence === 'PERSIST',
    ...(order.refs ? { refs: order.refs } : {}),
  })
  if (placed.value.lapsed > 0) writes.cancels.push({ orderId: order.id, size: placed.value.lapsed })
  return placed
}
