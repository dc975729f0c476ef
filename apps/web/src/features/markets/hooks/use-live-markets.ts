import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { ensureRealtime, realtimeTokenChanged, useMarketStream } from '../../../lib/realtime'
import { useSessionStore } from '../../auth/stores/session-store'

/** Live prices for the markets (and session lines of the matches) a betting screen shows. */
export function useLiveMarkets(
  marketIds: readonly string[],
  fancyMatchIds: readonly string[] = [],
) {
  const client = useQueryClient()
  const token = useSessionStore((s) => s.token)
  useEffect(() => {
    ensureRealtime({ client, getToken: () => useSessionStore.getState().token })
  }, [client])
  useEffect(() => {
    if (token !== undefined) realtimeTokenChanged()
  }, [token])
  useMarketStream(marketIds, fancyMatchIds)
}
