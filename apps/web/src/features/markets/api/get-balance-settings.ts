import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { balanceSettingsResponse } from '../../../lib/response-schemas'
import { useCurrentUser } from '../hooks/use-auth'

/** §3 balance settings: the multiplier applied to displayed volumes per event type (1 for guests). */
export function useVolumeMultiplier(eventTypeId: string): number {
  const user = useCurrentUser()
  const settings = useQuery({
    queryKey: ['balance-settings', user?._id],
    queryFn: async () =>
      (
        await api.get(
          `account/${encodeURIComponent(user?._id ?? '')}/balance-settings`,
          balanceSettingsResponse,
        )
      ).data,
    enabled: user !== null,
    staleTime: 10 * 60_000,
    retry: false,
  })
  return settings.data?.[eventTypeId]?.volumeMultiplier ?? 1
}
