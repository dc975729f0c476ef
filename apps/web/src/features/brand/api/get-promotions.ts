import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { promotionsResponse, supportInfoResponse } from '../../../lib/response-schemas'
import { useSessionStore } from '../../auth/stores/session-store'

/** GET promotions: the promotion list and the footer's social links. */
export const usePromotions = () =>
  useQuery({
    queryKey: ['promotions'],
    queryFn: () => api.get('promotions', promotionsResponse),
    staleTime: 5 * 60_000,
  })

/** POST getUserWpNumber (logged in) or getWpNumber (guest) `{ siteurl }` → support contacts. */
export const useSupportInfo = () => {
  const isLogin = useSessionStore((s) => s.isLogin)
  return useQuery({
    queryKey: ['support-info', isLogin],
    queryFn: () =>
      api.post(
        isLogin ? 'getUserWpNumber' : 'getWpNumber',
        { siteurl: window.location.hostname },
        supportInfoResponse,
      ),
    staleTime: 5 * 60_000,
    select: (r) => r.data,
  })
}
