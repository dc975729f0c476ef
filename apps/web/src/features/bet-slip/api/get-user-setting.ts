import { userSettingResponse } from '@backlay/contract/bet-settings'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { useIsLoggedIn } from '../../markets/hooks/use-auth'

/** Bet delays and user limits (POST getUserSetting); guests use the §9 defaults. */
export function useUserSetting() {
  const loggedIn = useIsLoggedIn()
  return useQuery({
    queryKey: ['user-setting'],
    queryFn: async () => (await api.post('getUserSetting', {}, userSettingResponse)).data,
    enabled: loggedIn,
    staleTime: 5 * 60_000,
    retry: false,
  })
}
