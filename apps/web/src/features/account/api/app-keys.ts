import { appKeyResponse, appKeysResponse } from '@backlay/contract/app-keys'
import { messageResponse } from '@backlay/contract/auth'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { useAuthFailure } from '../../auth/hooks/use-auth-failure'

const KEY = ['account', 'app-keys'] as const

/** GET account/appKeys: the player's live application keys for the trading API. */
export const useAppKeys = () =>
  useQuery({
    queryKey: KEY,
    queryFn: async () => (await api.get('account/appKeys', appKeysResponse)).data,
  })

/** Creating (POST account/appKeys) and revoking (POST account/appKeys/revoke) a key. */
export function useAppKeyActions() {
  const client = useQueryClient()
  const onError = useAuthFailure()
  const onSuccess = () => client.invalidateQueries({ queryKey: KEY })
  const create = useMutation({
    mutationFn: () => api.post('account/appKeys', {}, appKeyResponse),
    onSuccess,
    onError,
  })
  const revoke = useMutation({
    mutationFn: (appKey: string) => api.post('account/appKeys/revoke', { appKey }, messageResponse),
    onSuccess,
    onError,
  })
  return { create, revoke }
}
