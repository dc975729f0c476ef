import { cancelOrder } from '@backlay/exchange/order-book'
import type { CommitOrders, TradeWrites } from '@backlay/exchange/trade'
import { type OperationNodeSource, sql } from 'kysely'
import { insertRowsAsJson, rowsTable } from '../db/one-statement'
import type { LedgerBook } from '../db/schema'
import { MARKET_MAKER_ID } from './accounts'
import type { MarketState, Position } from './market-state'
import type { Accepted } from './trade-types'

/*
 * The rows a commit writes and the take-back of a refused change, for the trade commit
 * (trade-commit.ts): everything besides the ledger posting, as writes for one statement.
 */

/**
 * Takes back a refused change that only added to the book and the position (no fills, no
 * cancellations): its resting orders sit at the tails of their levels, so removing them leaves
 * the book exactly as it was. Anything else is reloaded from the store instead.
 */
export function undoRest(
  state: MarketState,
  position: Position,
  writes: TradeWrites,
  before: { matched: number; fancy: number; pl: number[]; none: number },
): boolean {
  if (writes.fills.length > 0 || writes.cancels.length > 0) return false
  for (const o of writes.orders) {
    if (state.book && o.remaining > 0) cancelOrder(state.book, o.id as never)
    position.open.delete(o.id)
  }
  position.matched.length = before.matched
  position.fancy.length = before.fancy
  before.pl.forEach((pl, i) => {
    position.pl[i] = pl
  })
  position.none = before.none
  return true
}

/**
 * Every row of the accepted entries as writes for one statement: new orders as they stand
 * after the commit, fills, the counters of older orders, held exposures and first answers.
 */
export function writesOf(
  accepted: readonly Accepted[],
  orders: CommitOrders<LedgerBook>,
  now: number,
): OperationNodeSource[] {
  const at = new Date(now)
  const writes: OperationNodeSource[] = []
  const created = [...orders.created.values()].map((o) => ({
    ...o,
    status: 'OPEN' as const,
    placed_at: at,
  }))
  if (created.length > 0) writes.push(insertRowsAsJson('bet_orders', created))
  const fills = accepted.flatMap((a) =>
    a.writes.fills.map((f) => ({
      market_id: a.entry.state.id,
      selection_id: f.selectionId,
      odds: f.odds,
      stake: f.stake,
      back_order_id: f.backOrderId,
      back_user_id: f.backUserId,
      lay_order_id: f.layOrderId,
      lay_user_id: f.layUserId,
      at,
    })),
  )
  if (fills.length > 0) writes.push(insertRowsAsJson('bet_fills', fills))
  if (orders.older.size > 0) {
    const changes = [...orders.older].map(([id, c]) => ({ id, ...c }))
    writes.push(sql`UPDATE bet_orders AS o SET
        matched = o.matched + v.stake,
        matched_value = o.matched_value + v.value,
        remaining = o.remaining - v.stake - v.cancelled,
        cancelled = o.cancelled + v.cancelled
      FROM ${rowsTable('v', { id: 'text', stake: 'bigint', value: 'bigint', cancelled: 'bigint' }, changes)}
      WHERE o.id = v.id`)
  }
  // The market maker's requotes are its own business: only players' cancels are kept.
  const events = accepted.flatMap(({ entry, writes: w }) =>
    entry.trader.userId === MARKET_MAKER_ID
      ? []
      : w.cancels
          .filter((c) => c.size > 0)
          .map((c) => ({
            order_id: c.orderId,
            kind: entry.options.cancelledAs ?? 'CANCELLED',
            size: c.size,
            at,
          })),
  )
  if (events.length > 0) writes.push(insertRowsAsJson('bet_order_events', events))
  const held = new Map<
    string,
    { user_id: string; market_id: string; book: LedgerBook; held: number }
  >()
  for (const { entry, exposureChanged } of accepted) {
    if (!exposureChanged) continue
    const { state, trader } = entry
    const position = state.positions.get(trader.userId)
    held.set(`${trader.userId}:${state.id}`, {
      user_id: trader.userId,
      market_id: state.id,
      book: trader.book,
      held: position?.held ?? 0,
    })
  }
  if (held.size > 0)
    writes.push(
      sql`${insertRowsAsJson('market_exposures', [...held.values()])}
        ON CONFLICT (user_id, market_id) DO UPDATE SET held = excluded.held`,
    )
  const answered = accepted.filter((a) => a.entry.options.idempotencyKey)
  if (answered.length > 0) {
    writes.push(
      insertRowsAsJson(
        'bet_requests',
        answered.map((a) => ({
          user_id: a.entry.trader.userId,
          idempotency_key: a.entry.options.idempotencyKey ?? '',
          http_status: 200,
          response: { ok: true, placed: a.answer },
        })),
      ),
    )
  }
  return writes
}
