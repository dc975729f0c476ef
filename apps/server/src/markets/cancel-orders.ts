import type { Paise } from '@backlay/exchange/ids'
import { cancelOrder, reduceOrder, restingOrder } from '@backlay/exchange/order-book'
import { fail, type Result, success } from '../result'
import { ensureTradingAccounts } from './accounts'
import type { MarketAccess } from './market-access'
import type { Trader } from './trade-types'

/**
 * Cancels the named unmatched orders of the trader in a market, or all of them ('ALL'), and
 * releases what they held, in one commit; what matched meanwhile stays matched. An order named
 * in `reductions` loses only that many paise of its unmatched part (Betfair's sizeReduction;
 * all of it when that is more), the rest rests. Called by the engine for the bet routes, the
 * trading API and the back office.
 */
export async function cancelOrders(
  access: MarketAccess,
  trader: Trader,
  marketId: string,
  orderIds: readonly string[] | 'ALL',
  requestId?: string,
  reductions: Readonly<Record<string, number>> = {},
): Promise<Result<{ betIds: string[]; cancelled: number }>> {
  await ensureTradingAccounts(access.db, trader.userId, trader.book, access.openedAccounts)
  return access.exclusive(marketId, async (state) => {
    const position = state?.positions.get(trader.userId)
    if (!state?.book || !position)
      return fail('BET.NOT_CANCELLABLE', 'Bet is already matched or cancelled')
    const ids =
      orderIds === 'ALL' ? [...position.open] : orderIds.filter((id) => position.open.has(id))
    if (ids.length === 0) return fail('BET.NOT_CANCELLABLE', 'Bet is already matched or cancelled')
    const book = state.book
    let cancelled = 0
    const done = await access.committer.commit(
      state,
      trader,
      requestId ? { requestId } : {},
      () => {
        const cancels = ids.map((id) => {
          const by = reductions[id]
          const taken =
            by === undefined
              ? cancelOrder(book, id as never)
              : reduceOrder(book, id as never, by as Paise)
          if (!restingOrder(book, id as never)) position.open.delete(id)
          return { orderId: id, size: taken.ok ? taken.value.size : 0 }
        })
        cancelled = cancels.reduce((sum, c) => sum + c.size, 0)
        return { orders: [], fills: [], cancels: cancels.filter((c) => c.size > 0) }
      },
    )
    if (!done.ok) return done
    return success({ betIds: ids, cancelled })
  })
}
