import type { MarketDetail } from '@backlay/contract/match-details'
import type { RaceItem } from '@backlay/contract/racing'
import { raceOddsResponse, racingMarketsResponse } from '@backlay/contract/racing'
import { POLL_MS } from '@backlay/contract/timing'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { useStreamConnected } from '../../../lib/realtime'
import { useIsLoggedIn } from '../../markets/hooks/use-auth'

/** §4: guests and players use different racing calls; both poll 60 s without the stream. */
export const racesQueryOptions = (sportId: string, loggedIn: boolean, streaming: boolean) =>
  queryOptions({
    queryKey: ['racing-markets', sportId, loggedIn],
    queryFn: async (): Promise<RaceItem[]> =>
      (
        await api.post(
          loggedIn ? 'market/allRacingMarkets' : 'market/allRacingMarketsOpen',
          { sport_id: sportId },
          racingMarketsResponse,
        )
      ).data,
    refetchInterval: streaming ? false : POLL_MS.racingData,
  })

export function useRaces(sportId: string) {
  return useQuery(racesQueryOptions(sportId, useIsLoggedIn(), useStreamConnected()))
}

export function useRaceOdds(race: Pick<RaceItem, 'match_id' | 'market_id'> | undefined) {
  const loggedIn = useIsLoggedIn()
  const streaming = useStreamConnected()
  return useQuery({
    queryKey: ['race-odds', race?.market_id, loggedIn],
    queryFn: async (): Promise<MarketDetail> =>
      (
        await api.post(
          loggedIn ? 'market/raceOdds' : 'market/raceOddsOpen',
          { match_id: race?.match_id, market_id: race?.market_id },
          raceOddsResponse,
        )
      ).data,
    enabled: race !== undefined,
    refetchInterval: streaming ? false : POLL_MS.racingData,
  })
}
