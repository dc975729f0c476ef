import { feedStatusResponse } from '@backlay/contract/feed-report'
import { useQuery } from '@tanstack/react-query'
import { admin } from '../../../lib/api'

/** The market feed's state, looked at every 5 s while the page is open. */
export const useFeedStatus = () =>
  useQuery({
    queryKey: ['feed'],
    queryFn: () => admin.get('feed', feedStatusResponse),
    refetchInterval: 5_000,
  })
