import type { autoCashOutRequest } from '@backlay/contract/bets'
import { autoCashOutResponse, cashOutQuoteResponse, cashOutResponse } from '@backlay/contract/bets'
import { MSG } from '@backlay/contract/validation-messages'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { api } from '../../../lib/api-client'
import { STREAMED_KEYS } from '../../../lib/realtime'

const cashOutPath = (call: 'cashout' | 'cashoutQuote', marketId: string, share: number) =>
  `exchange/order/${call}?marketId=${encodeURIComponent(marketId)}&share=${share}`

/**
 * GET exchange/order/cashout?marketId=… (§7), with the share of the position to cash out (100:
 * all of it). §8: success shows 'Cash-out successful.' (or the server's data.msg); a failure
 * shows the server's msg, else the first error, else msg.
 */
export async function cashOutMarket(
  marketId: string,
  share: number,
): Promise<{ ok: boolean; msg: string }> {
  try {
    const body = await api.get(cashOutPath('cashout', marketId, share), cashOutResponse)
    return body.data.status
      ? { ok: true, msg: body.data.msg || MSG.cashOutSuccess }
      : { ok: false, msg: body.data.msg || body.msg || MSG.somethingWentWrong }
  } catch (error) {
    return { ok: false, msg: (error as Error).message || MSG.somethingWentWrong }
  }
}

/** How often an open cash-out dialog asks again what the chosen share would lock in. */
const QUOTE_REFRESH_MS = 2_000

/** What cashing out `share` % of the position locks in now; asked only while `enabled`. */
export const useCashOutQuote = (marketId: string, share: number, enabled: boolean) =>
  useQuery({
    queryKey: ['cashOutQuote', marketId, share],
    queryFn: () => api.get(cashOutPath('cashoutQuote', marketId, share), cashOutQuoteResponse),
    enabled,
    refetchInterval: QUOTE_REFRESH_MS,
    placeholderData: keepPreviousData,
    select: (body) => body.data,
  })

export const autoCashOutKey = (marketId: string) => [...STREAMED_KEYS.autoCashOut, marketId]

/** The player's automatic cash-out on a market (null when none was set), while `enabled`. */
export const useAutoCashOut = (marketId: string, enabled: boolean) =>
  useQuery({
    queryKey: autoCashOutKey(marketId),
    queryFn: async () =>
      (
        await api.get(
          `exchange/order/autoCashOut?marketId=${encodeURIComponent(marketId)}`,
          autoCashOutResponse,
        )
      ).data,
    enabled,
  })

export const setAutoCashOut = (body: z.input<typeof autoCashOutRequest>) =>
  api.post('exchange/order/autoCashOut', body, autoCashOutResponse)

export const removeAutoCashOut = (marketId: string) =>
  api.post('exchange/order/autoCashOut/cancel', { marketId }, autoCashOutResponse)
