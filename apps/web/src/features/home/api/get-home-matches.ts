import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** Home lists poll so prices move; the event page will take over with the live stream. */
export const HOME_MATCHES_POLL_MS = 5_000

export const getHomeMatches = async (sportId: string) =>
  (await api.post('match/homeMatchesOpen', { sport_id: sportId }, 'homeMatchesResponse')).data

export const homeMatchesQueryOptions = (sportId: string) =>
  queryOptions({
    queryKey: ['home-matches', sportId],
    queryFn: () => getHomeMatches(sportId),
    refetchInterval: HOME_MATCHES_POLL_MS,
  })

export const useHomeMatches = (sportId: string) => useQuery(homeMatchesQueryOptions(sportId))
