import { bookState, turnInPlay } from '@backlay/exchange/order-book'
import type { OrderEventKind } from '../db/schema-exchange'
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
