import type { PrefetchPageData } from '../../lib/page-data'
import { queryClient } from '../../lib/query-client'
import { restoredSession } from '../auth/stores/session-store'
import { eventsLimitQueryOptions } from './api/get-events-limit'
import { matchDetailsQueryOptions } from './api/get-match-details'
import { matchStatsQueryOptions } from './api/get-match-stats'

/** The event's markets, scoreboard and stake limits. */
export const prefetchPageData: PrefetchPageData = async ({ params }) => {
  const { eventTypeId = '', eventId = '', marketId } = params
  const { isLogin } = await restoredSession()
  return Promise.all([
    // Whether the stream is up only changes how the entry is refreshed, not what it holds.
    queryClient.prefetchQuery(matchDetailsQueryOptions(eventId, marketId, isLogin, false)),
    queryClient.prefetchQuery(matchStatsQueryOptions(eventTypeId, eventId)),
    queryClient.prefetchQuery(eventsLimitQueryOptions(eventId, eventTypeId)),
  ])
}
