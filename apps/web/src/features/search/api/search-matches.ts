import { SEARCH_MIN_LENGTH } from '@backlay/contract/limits'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { searchResponse } from '../../../lib/response-schemas'
import { useSessionStore } from '../../auth/stores/session-store'

/** searchable('ind ') → true; shorter text is answered 'No data found' without a call (§5). */
export const searchable = (text: string): boolean => text.trim().length >= SEARCH_MIN_LENGTH

/** POST match/getMatches (logged in) or match/matches (guest) `{ search }`; failures show nothing (§8). */
export const useSearchMatches = (text: string) => {
  const isLogin = useSessionStore((s) => s.isLogin)
  const search = text.trim()
  return useQuery({
    queryKey: ['search', isLogin, search.toLowerCase()],
    queryFn: async () =>
      (await api.post(isLogin ? 'match/getMatches' : 'match/matches', { search }, searchResponse))
        .data,
    enabled: searchable(search),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    retry: false,
  })
}
