import type { OrderId } from '@backlay/exchange/ids'
import { type Persistence, setPersistence } from '@backlay/exchange/order-book'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import { fail, type Result, success } from '../result'
import type { MarketAccess } from './market-access'
import type { MarketPublisher } from './market-publisher'
import { TRADE_MSG, type Trader } from './trade-types'

/**
 * Switches one of the trader's resting orders between lapsing and staying at the in-play turn,
 * while the market is not in-play yet: the book's order and its stored row, in the market's
 * turn, the write fenced as every write of a cluster node is. Called by the engine.
 */
export function changePersistence(
  access: MarketAccess & Pick<MarketPublisher, 'publishTraders'>,
  fence: ((trx: Kysely<Database>, marketIds: readonly string[]) => Promise<void>) | undefined,
  trader: Trader,
  marketId: string,
  orderId: string,
  persistence: Persistence,
): Promise<Result<undefined>> {
  return access.exclusive(marketId, async (state) => {
    const position = state?.positions.get(trader.userId)
    if (!state?.book || !position?.open.has(orderId))
      return fail('BET.NOT_CANCELLABLE', 'Bet is already matched or cancelled')
    if ((await access.catalogueMarket(marketId))?.inplay)
      return fail('BET.IN_PLAY', TRADE_MSG.inPlayChoice)
    const changed = setPersistence(state.book, orderId as OrderId, persistence)
    if (!changed.ok) return fail('BET.IN_PLAY', TRADE_MSG.inPlayChoice)
    await access.db.transaction().execute(async (trx) => {
      await fence?.(trx, [marketId])
      await trx
        .updateTable('bet_orders')
        .set({ keep_inplay: persistence === 'PERSIST' })
        .where('id', '=', orderId)
        .execute()
    })
    access.publishTraders(state, new Map([[trader.userId, new Set([orderId])]]), new Map())
    return success(undefined)
  })
}
