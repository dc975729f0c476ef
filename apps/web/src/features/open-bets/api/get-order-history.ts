import { orderHistoryResponse } from '@backlay/contract/bets'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { STREAMED_KEYS } from '../../../lib/realtime'

/** POST bet/orderHistory: one bet's story; it moves with the player's orders, so it shares their key. */
export const useOrderHistory = (betId: string) =>
  useQuery({
    queryKey: [...STREAMED_KEYS.openBets, 'history', betId],
    queryFn: async () =>
      (await api.post('bet/orderHistory', { bet_id: betId }, orderHistoryResponse)).data,
  })
