import type { PrefetchPageData } from '../../lib/page-data'
import { queryClient } from '../../lib/query-client'
import { restoredSession } from '../auth/stores/session-store'
import { racesQueryOptions } from './api/get-races'
import { racingSportOf } from './racing-sport'

/** The race list of the page's sport. */
export const prefetchPageData: PrefetchPageData = async ({ pathname }) => {
  const { isLogin } = await restoredSession()
  // Whether the stream is up only changes how the entry is refreshed, not what it holds.
  return queryClient.prefetchQuery(racesQueryOptions(racingSportOf(pathname), isLogin, false))
}
