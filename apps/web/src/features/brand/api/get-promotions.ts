import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { promotionsResponse, supportInfoResponse } from '../../../lib/response-schemas'
import { useSessionStore } from '../../auth/stores/session-store'

export const promotionsQueryOptions = queryOptions({
  queryKey: ['promotions'],
  queryFn: () => api.get('promotions', promotionsResponse),
  staleTime: 5 * 60_000,
})

/** GET promotions: the promotion list and the footer's social links. */
export const usePromotions = () => useQuery(promotionsQueryOptions)

/** POST getUserWpNumber (logged in) or getWpNumber (guest) `{ siteurl }` → support contacts. */
export const supportInfoQueryOptions = (isLogin: boolean) =>
  queryOptions({
    queryKey: ['support-info', isLogin],
    queryFn: () =>
      api.post(
        isLogin ? 'getUserWpNumber' : 'getWpNumber',
        { siteurl: window.location.hostname },
        supportInfoResponse,
      ),
    staleTime: 5 * 60_000,
  })

export const useSupportInfo = () => {
  const isLogin = useSessionStore((s) => s.isLogin)
  return useQuery({ ...supportInfoQueryOptions(isLogin), select: (r) => r.data })
}
