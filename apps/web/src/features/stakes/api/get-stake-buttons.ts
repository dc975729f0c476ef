import { DEFAULT_STAKE_PRESETS } from '@backlay/contract/limits'
import { matchStackResponse } from '@backlay/contract/stakes'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { useIsLoggedIn } from '../../markets/hooks/use-auth'

export const stakeButtonsKey = ['stake-buttons'] as const

/** §8: a failed stake fetch falls back to the default presets, so the slip always has buttons. */
export const getStakeButtons = async (): Promise<number[]> => {
  try {
    const res = await api.post('user/getUserMatchStack', {}, matchStackResponse)
    return res.data.match_stack.length ? res.data.match_stack : [...DEFAULT_STAKE_PRESETS]
  } catch {
    return [...DEFAULT_STAKE_PRESETS]
  }
}

/** The player's stake buttons; guests see the defaults. */
export function useStakeButtons(): readonly number[] {
  const loggedIn = useIsLoggedIn()
  const query = useQuery({
    queryKey: stakeButtonsKey,
    queryFn: getStakeButtons,
    enabled: loggedIn,
    staleTime: 5 * 60_000,
  })
  return (loggedIn && query.data) || DEFAULT_STAKE_PRESETS
}
