import { lotusLobbyUrlResponse, qtechLaunchUrlResponse } from '@backlay/contract/casino-launch'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { type CasinoLaunch, withLobbySection } from '../launch-target'

/** POST lotus/lobbyUrl or qtech/launchUrl → the one-time launch URL (with the lobby section). */
export async function fetchLaunchUrl(launch: CasinoLaunch): Promise<string> {
  const launchUrl =
    launch.via === 'lotus'
      ? (await api.post('lotus/lobbyUrl', launch.body, lotusLobbyUrlResponse)).launchUrl
      : (await api.post('qtech/launchUrl', launch.body, qtechLaunchUrlResponse)).data.launchUrl
  return withLobbySection(launchUrl, launch)
}

/**
 * A launch URL holds a one-time token: fetched once per visit of the page, never refetched in the
 * background or reused from cache (betting §8: a failed launch just leaves nothing stored).
 */
export const useLaunchUrl = (path: string, launch: CasinoLaunch | undefined, enabled: boolean) =>
  useQuery({
    queryKey: ['casino', 'launch', path],
    queryFn: () => fetchLaunchUrl(launch as CasinoLaunch),
    enabled: enabled && launch !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })
