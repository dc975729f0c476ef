import { STREAM_PATH } from '@backlay/contract/stream'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'

/**
 * Follows a market on the public stream and refetches the given query whenever the market moves
 * (prices, status): the risk view is live without polling hard. A dropped stream just leaves the
 * query's own interval in charge.
 */
export function useLiveMarket(marketId: string, queryKey: readonly unknown[]) {
  const client = useQueryClient()
  const key = JSON.stringify(queryKey)
  useEffect(() => {
    const url = new URL(STREAM_PATH, window.location.href)
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
    const socket = new WebSocket(url)
    let pending: ReturnType<typeof setTimeout> | undefined
    socket.onopen = () =>
      socket.send(JSON.stringify({ type: 'subscribe', id: 'risk', market_ids: [marketId] }))
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as { type?: string; market_id?: string }
      if (message.market_id !== marketId) return
      // A burst of price ticks costs one refetch.
      clearTimeout(pending)
      pending = setTimeout(
        () => client.invalidateQueries({ queryKey: JSON.parse(key) as unknown[] }),
        300,
      )
    }
    return () => {
      clearTimeout(pending)
      socket.close()
    }
  }, [client, marketId, key])
}
