import { bookState, turnInPlay } from '@backlay/exchange/order-book'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import type { OrderEventKind } from '../db/schema-exchange'
import { MARKET_MAKER_ID } from './accounts'
import type { MarketState } from './market-state'
import type { TradeCommitter } from './trade-commit'
import type { Entry } from './trade-types'

/**
 * The market went in-play: lapses the unmatched LAPSE orders (players' bets; the market maker
 * persists and requotes) and releases what they held. Called by the engine on the feed's turn,
 * when a market loads in-play, and before a batch or a requote on an in-play market.
 */
export async function lapseAtInPlay(committer: TradeCommitter, state: MarketState): Promise<void> {
  if (!state.book || bookState(state.book).inPlay) return
  await releaseCancelled(committer, state, turnInPlay(state.book), 'LAPSED')
}

/**
 * Records orders already taken off the book (lapsed, or cancelled by a non-runner) and releases
 * what they held, one entry per user in one transaction.
 */
export async function releaseCancelled(
  committer: TradeCommitter,
  state: MarketState,
  orders: readonly { orderId: string; userId: string; size: number }[],
  why: OrderEventKind,
): Promise<void> {
  const byUser = new Map<string, { orderId: string; size: number }[]>()
  for (const order of orders) {
    const cancels = byUser.get(order.userId) ?? []
    cancels.push({ orderId: order.orderId, size: order.size })
    byUser.set(order.userId, cancels)
  }
  if (byUser.size === 0) return
  const entries = [...byUser].map(([userId, cancels]): Entry => {
    const book = state.positions.get(userId)?.book ?? 'real'
    return {
      state,
      trader: { userId, book, limits: {} },
      options: { cancelledAs: why },
      change: (position) => {
        for (const c of cancels) position.open.delete(c.orderId)
        return { orders: [], fills: [], cancels }
      },
    }
  })
  // Releasing funds never refuses, so a failure here is a store error: the market is reloaded.
  await committer.commitAll(entries)
}

/**
 * Markets not closed where players have unmatched orders: their owner holds them in memory, so
 * the feed turning one in-play lapses them, and one that turned meanwhile lapses them as it loads.
 */
export async function marketsWithRestingOrders(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('bet_orders as o')
    .innerJoin('markets as m', 'm.id', 'o.market_id')
    .select('o.market_id')
    .distinct()
    .where('o.status', '=', 'OPEN')
    .where('o.remaining', '>', 0)
    .where('o.user_id', '<>', MARKET_MAKER_ID)
    .where('m.status', '<>', 'CLOSED')
    .execute()
  return rows.map((r) => r.market_id)
}
