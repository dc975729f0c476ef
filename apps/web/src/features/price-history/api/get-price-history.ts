import { priceHistoryResponse } from '@backlay/contract/price-history'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { STREAMED_KEYS } from '../../../lib/realtime'

/** GET exchange/market/priceHistory: each runner's matches; the stream's trades keep it current. */
export const priceHistoryKey = (marketId: string) => [...STREAMED_KEYS.priceHistory, marketId]

export const usePriceHistory = (marketId: string | null) =>
  useQuery({
    queryKey: priceHistoryKey(marketId ?? ''),
    queryFn: async () =>
      (
        await api.get(
          `exchange/market/priceHistory?marketId=${encodeURIComponent(marketId ?? '')}`,
          priceHistoryResponse,
        )
      ).data,
    enabled: marketId !== null,
  })
