import type { MarketDetail } from '@backlay/contract/match-details'
import { matchDetailsResponse } from '@backlay/contract/match-details'
import { POLL_MS } from '@backlay/contract/timing'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { useStreamConnected } from '../../../lib/realtime'
import { useIsLoggedIn } from '../../markets/hooks/use-auth'

/** Every market of a match; the stream (lib/realtime) patches these entries in place. */
export const matchDetailsKey = (matchId: string, loggedIn: boolean) =>
  ['match-details', matchId, loggedIn] as const

/** Logged-in players get their win_loss and bet counts (combine), guests the open call (§7). */
export const getMatchDetails = async (
  matchId: string,
  marketId: string | undefined,
  loggedIn: boolean,
): Promise<MarketDetail[]> => {
  const ids = { match_id: matchId, ...(marketId ? { market_id: marketId } : {}) }
  const res = loggedIn
    ? await api.post('match/matchDetails', { ...ids, combine: true }, matchDetailsResponse)
    : await api.post('match/matchDetailsOpen', ids, matchDetailsResponse)
  return res.data
}

export const matchDetailsQueryOptions = (
  matchId: string,
  marketId: string | undefined,
  loggedIn: boolean,
  streaming: boolean,
) =>
  queryOptions({
    queryKey: matchDetailsKey(matchId, loggedIn),
    queryFn: () => getMatchDetails(matchId, marketId, loggedIn),
    // §9: the stream carries prices; without it guests poll every 15 s.
    refetchInterval: streaming
      ? false
      : loggedIn
        ? POLL_MS.authMatchDetails
        : POLL_MS.guestMatchDetails,
  })

/**
 * The match's markets, or the slice of them `select` picks: a component re-renders only when
 * its slice changes, so a price tick reaches only the tables of the markets it moved.
 */
export function useMatchDetails<T = MarketDetail[]>(
  matchId: string,
  marketId: string | undefined,
  select?: (markets: MarketDetail[]) => T,
) {
  const loggedIn = useIsLoggedIn()
  const streaming = useStreamConnected()
  return useQuery({ ...matchDetailsQueryOptions(matchId, marketId, loggedIn, streaming), select })
}
