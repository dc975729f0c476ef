import type { Fancy } from '@backlay/contract/match-details'
import { fanciesResponse } from '@backlay/contract/match-details'
import { POLL_MS } from '@backlay/contract/timing'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { useStreamConnected } from '../../../lib/realtime'

export const fanciesKey = (matchId: string) => ['fancies', matchId] as const

export const getFancies = async (matchId: string): Promise<Fancy[]> =>
  (await api.post('fancy/getFancies', { match_id: matchId }, fanciesResponse)).data

export const fanciesQueryOptions = (matchId: string, streaming: boolean) =>
  queryOptions({
    queryKey: fanciesKey(matchId),
    queryFn: () => getFancies(matchId),
    refetchInterval: streaming ? false : POLL_MS.guestMatchDetails,
  })

/** The match's session lines, or the slice of them `select` picks (see useMatchDetails). */
export function useFancies<T = Fancy[]>(
  matchId: string,
  enabled: boolean,
  select?: (lines: Fancy[]) => T,
) {
  const streaming = useStreamConnected()
  return useQuery({ ...fanciesQueryOptions(matchId, streaming), enabled, select })
}
