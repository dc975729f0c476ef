import { fancyLiabilityResponse, teamPositionResponse } from '@backlay/contract/bets'
import { fancyPositionResponse } from '@backlay/contract/match-details'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { useIsLoggedIn } from '../hooks/use-auth'

/** The player's P/L per selection if it wins, per market id (§3 exposure per market). */
export const teamPositionKey = (matchId: string) => ['team-position', matchId] as const

export const getTeamPosition = async (ids: { match_id: string } | { market_id: string }) =>
  (await api.post('bet/getTeamPosition', ids, teamPositionResponse)).data

export function useTeamPosition(matchId: string) {
  const loggedIn = useIsLoggedIn()
  return useQuery({
    queryKey: teamPositionKey(matchId),
    queryFn: () => getTeamPosition({ match_id: matchId }),
    enabled: loggedIn,
  })
}

/** Racing positions are asked for by market id. */
export function useRacePosition(marketId: string | undefined) {
  const loggedIn = useIsLoggedIn()
  return useQuery({
    queryKey: teamPositionKey(`race:${marketId}`),
    queryFn: () => getTeamPosition({ market_id: marketId as string }),
    enabled: loggedIn && marketId !== undefined,
  })
}

export const fancyLiabilityKey = (matchId: string) => ['fancy-liability', matchId] as const

export function useFancyLiability(matchId: string, enabled: boolean) {
  const loggedIn = useIsLoggedIn()
  return useQuery({
    queryKey: fancyLiabilityKey(matchId),
    queryFn: async () =>
      (await api.post('bet/getFancyLiability', { match_id: matchId }, fancyLiabilityResponse)).data,
    enabled: loggedIn && enabled,
  })
}

/** The run ladder of one session line: P/L for each final run count. */
export const useFancyPosition = (fancyId: string | null) =>
  useQuery({
    queryKey: ['fancy-position', fancyId],
    queryFn: async () =>
      (
        await api.post(
          'fancy/getRunTimeFancyPosition',
          { fancy_id: fancyId },
          fancyPositionResponse,
        )
      ).data,
    enabled: fancyId !== null,
  })
