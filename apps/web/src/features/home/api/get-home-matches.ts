import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { homeMatchesResponse } from '../../../lib/response-schemas'

/** Home lists poll so prices move; the event page will take over with the live stream. */
export const HOME_MATCHES_POLL_MS = 5_000

/** Rows a sport shows on the home page; its own page lists them all. */
export const HOME_ROWS = 10

/** The first HOME_ROWS matches of a sport, live first, and how many it has in all. */
export const getHomeMatches = async (sportId: string) => {
  const body = { sport_id: sportId, limit: HOME_ROWS }
  const { data, total } = await api.post('match/homeMatchesOpen', body, homeMatchesResponse)
  return { matches: data, total: total ?? data.length }
}

export const homeMatchesQueryOptions = (sportId: string) =>
  queryOptions({
    queryKey: ['home-matches', sportId],
    queryFn: () => getHomeMatches(sportId),
    refetchInterval: HOME_MATCHES_POLL_MS,
  })

export const useHomeMatches = (sportId: string) => useQuery(homeMatchesQueryOptions(sportId))
