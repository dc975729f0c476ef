import { matchStatsResponse } from '@backlay/contract/match-details'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** Scores change ball by ball; the match centre polls rather than adding to the price stream. */
const MATCH_STATS_POLL_MS = 15_000

/** GET match-center/stats: the event's scoreboard and facts, open to guests. */
export const matchStatsQueryOptions = (eventTypeId: string, eventId: string) =>
  queryOptions({
    queryKey: ['match-stats', eventTypeId, eventId],
    queryFn: async () =>
      (
        await api.get(
          `match-center/stats/${encodeURIComponent(eventTypeId)}/${encodeURIComponent(eventId)}`,
          matchStatsResponse,
        )
      ).data,
    refetchInterval: MATCH_STATS_POLL_MS,
    // The scoreboard is extra: a failure leaves the markets as they are and the panel away.
    retry: false,
  })

export const useMatchStats = (eventTypeId: string, eventId: string) =>
  useQuery(matchStatsQueryOptions(eventTypeId, eventId))
