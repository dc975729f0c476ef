import { cashOutResponse } from '@backlay/contract/bets'
import { MSG } from '@backlay/contract/validation-messages'
import { api } from '../../../lib/api-client'

/**
 * GET exchange/order/cashout?marketId=… (§7). §8: success shows 'Cash-out successful.' (or the
 * server's data.msg); a failure shows the server's msg, else the first error, else msg.
 */
export async function cashOutMarket(marketId: string): Promise<{ ok: boolean; msg: string }> {
  try {
    const body = await api.get(
      `exchange/order/cashout?marketId=${encodeURIComponent(marketId)}`,
      cashOutResponse,
    )
    return body.data.status
      ? { ok: true, msg: body.data.msg || MSG.cashOutSuccess }
      : { ok: false, msg: body.data.msg || body.msg || MSG.somethingWentWrong }
  } catch (error) {
    return { ok: false, msg: (error as Error).message || MSG.somethingWentWrong }
  }
}
