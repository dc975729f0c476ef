import type { HomeMatch } from '@backlay/contract/matches'
import { homeMatchesResponse } from '@backlay/contract/matches'
import { POLL_MS } from '@backlay/contract/timing'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { useIsLoggedIn } from '../../markets/hooks/use-auth'

export type ListingScope = { sport_id: string } | { series_id: string }

/** match/homeMatchesV2 (auth) or match/homeMatchesOpen (guest) for one sport or competition. */
export function useListingMatches(scope: ListingScope) {
  const loggedIn = useIsLoggedIn()
  return useQuery({
    queryKey: ['listing-matches', scope, loggedIn],
    queryFn: async (): Promise<HomeMatch[]> =>
      (
        await api.post(
          loggedIn ? 'match/homeMatchesV2' : 'match/homeMatchesOpen',
          scope,
          homeMatchesResponse,
        )
      ).data,
    // §9: sport start every 30 s keeps in-play flags and statuses current on listings.
    refetchInterval: POLL_MS.sportStart,
  })
}
