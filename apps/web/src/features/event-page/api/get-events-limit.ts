import { eventsLimitResponse } from '@backlay/contract/match-details'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** Min / max stakes per market and per session line (§3 sport limits). */
export const getEventsLimit = async (matchId: string, sportId: string) =>
  (
    await api.post(
      'event/getEventsLimit',
      { match_id: matchId, sport_id: sportId },
      eventsLimitResponse,
    )
  ).data

export const eventsLimitQueryOptions = (matchId: string, sportId: string) =>
  queryOptions({
    queryKey: ['events-limit', matchId, sportId],
    queryFn: () => getEventsLimit(matchId, sportId),
    staleTime: 60_000,
    // §8: a failed limits call is only logged; the defaults of §9 apply.
    retry: false,
  })

export const useEventsLimit = (matchId: string, sportId: string) =>
  useQuery(eventsLimitQueryOptions(matchId, sportId))
