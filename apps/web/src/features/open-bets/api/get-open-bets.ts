import type { Bet, Persistence } from '@backlay/contract/bets'
import {
  cancelledBetsResponse,
  changePersistenceResponse,
  openBetsResponse,
  unmatchedBetsResponse,
} from '@backlay/contract/bets'
import { POLL_MS } from '@backlay/contract/timing'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { useStreamConnected } from '../../../lib/realtime'
import { useIsLoggedIn } from '../../markets/hooks/use-auth'

export interface BetScope {
  matchId?: string
}

/** Live matched bets (delete_status 0, is_matched 1), one page of 100. */
export const getOpenBets = async ({ matchId }: BetScope): Promise<Bet[]> =>
  (
    await api.post(
      'bet/openBets',
      {
        limit: 100,
        page: 1,
        search: { delete_status: 0, is_matched: 1, ...(matchId ? { match_id: matchId } : {}) },
      },
      openBetsResponse,
    )
  ).data.list

export const getUnmatchedBets = async ({ matchId }: BetScope): Promise<Bet[]> =>
  (await api.post('bet/unmatchedBets', matchId ? { match_id: matchId } : {}, unmatchedBetsResponse))
    .data

/**
 * §4: open bets refresh every 30 s while logged in, except on the home and event pages; the
 * stream's order messages refresh them at once when it is up.
 */
export function useOpenBets(scope: BetScope, { poll }: { poll: boolean }) {
  const loggedIn = useIsLoggedIn()
  const streaming = useStreamConnected()
  return useQuery({
    queryKey: ['open-bets', scope.matchId ?? 'all'],
    queryFn: () => getOpenBets(scope),
    enabled: loggedIn,
    refetchInterval: poll && !streaming ? POLL_MS.openBets : false,
  })
}

export function useUnmatchedBets(scope: BetScope, { poll }: { poll: boolean }) {
  const loggedIn = useIsLoggedIn()
  const streaming = useStreamConnected()
  return useQuery({
    queryKey: ['unmatched-bets', scope.matchId ?? 'all'],
    queryFn: () => getUnmatchedBets(scope),
    enabled: loggedIn,
    refetchInterval: poll && !streaming ? POLL_MS.openBets : false,
  })
}

export const cancelUnmatchedBet = (betId: string) =>
  api.post('bet/cancelUnmatchedBet', { bet_id: betId }, cancelledBetsResponse)

/** Lapse or keep an unmatched exchange bet at the in-play turn, while the market is pre-play. */
export const changePersistence = (betId: string, persistence: Persistence) =>
  api.post('bet/changePersistence', { bet_id: betId, persistence }, changePersistenceResponse)

export const cancelUnmatchedBetAll = (marketId: string) =>
  api.post('bet/cancelUnmatchedBetAll', { market_id: marketId }, cancelledBetsResponse)
