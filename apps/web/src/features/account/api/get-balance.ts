import { POLL_MS } from '@backlay/contract/timing'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { balanceResponse } from '../../../lib/response-schemas'
import { useSessionStore } from '../../auth/stores/session-store'

/** POST user/getBalanceCRef, polled while logged in (shell §6); a failure shows no balance (§8). */
export const useBalance = () => {
  const isLogin = useSessionStore((s) => s.isLogin)
  return useQuery({
    queryKey: ['user', 'balance'],
    queryFn: async () => (await api.post('user/getBalanceCRef', {}, balanceResponse)).data,
    enabled: isLogin,
    refetchInterval: POLL_MS.balance,
    retry: false,
  })
}
