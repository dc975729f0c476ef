import { ladderResponse } from '@backlay/contract/price-history'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** An open ladder asks again this often: every price of it moves, not only the best three. */
const LADDER_REFRESH_MS = 700

/** GET exchange/market/ladder: a runner's every price around its best, while the ladder is open. */
export const useLadder = (marketId: string, selectionId: string) =>
  useQuery({
    queryKey: ['ladder', marketId, selectionId],
    queryFn: async () =>
      (
        await api.get(
          `exchange/market/ladder?marketId=${encodeURIComponent(marketId)}&selectionId=${encodeURIComponent(selectionId)}`,
          ladderResponse,
        )
      ).data,
    refetchInterval: LADDER_REFRESH_MS,
    placeholderData: keepPreviousData,
  })
