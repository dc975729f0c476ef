import { ladderResponse } from '@backlay/contract/ladder'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { STREAMED_KEYS, useLadderStream, useStreamConnected } from '../../../lib/realtime'
import { patchDepth } from '../ladder-depth'

/** Without the stream, an open ladder asks again this often: every price of it moves. */
const LADDER_REFRESH_MS = 700

/**
 * A market's every price while its ladder is open. The stream's ladder channel sends the whole
 * book and then each change into this query's cache (lib/realtime.ts); only while the stream is
 * down is the book asked for over HTTP (GET exchange/market/ladder), and then polled.
 */
export function useLadder(marketId: string) {
  const streaming = useStreamConnected()
  useLadderStream(marketId, patchDepth)
  return useQuery({
    queryKey: [...STREAMED_KEYS.ladder, marketId],
    queryFn: async () =>
      (
        await api.get(
          `exchange/market/ladder?marketId=${encodeURIComponent(marketId)}`,
          ladderResponse,
        )
      ).data,
    enabled: !streaming,
    refetchInterval: streaming ? false : LADDER_REFRESH_MS,
    placeholderData: keepPreviousData,
  })
}
