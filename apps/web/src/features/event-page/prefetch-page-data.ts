import type { PrefetchPageData } from '../../lib/page-data'
import { queryClient } from '../../lib/query-client'
import { restoredSession } from '../auth/stores/session-store'
import { eventsLimitQueryOptions } from './api/get-events-limit'
import { fanciesQueryOptions } from './api/get-fancies'
import { matchDetailsQueryOptions } from './api/get-match-details'
import { matchStatsQueryOptions } from './api/get-match-stats'

/** The event's markets (and session lines when it has them), scoreboard and stake limits. */
export const prefetchPageData: PrefetchPageData = async ({ params }) => {
  const { eventTypeId = '', eventId = '', marketId } = params
  const { isLogin } = await restoredSession()
  // Whether the stream is up only changes how an entry is refreshed, not what it holds.
  const marketsAndLines = queryClient
    .fetchQuery(matchDetailsQueryOptions(eventId, marketId, isLogin, false))
    .then((markets) =>
      markets.some((m) => m.enable_fancy === 1)
        ? queryClient.prefetchQuery(fanciesQueryOptions(eventId, false))
        : undefined,
    )
  return Promise.allSettled([
    marketsAndLines,
    queryClient.prefetchQuery(matchStatsQueryOptions(eventTypeId, eventId)),
    queryClient.prefetchQuery(eventsLimitQueryOptions(eventId, eventTypeId)),
  ])
}
