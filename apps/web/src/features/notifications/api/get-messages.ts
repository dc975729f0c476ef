import type { NotificationMessage } from '@backlay/contract/brand'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { notificationMessagesResponse } from '../../../lib/response-schemas'
import { useSessionStore } from '../../auth/stores/session-store'

/** Shell §2: the ticker shows messages of type T or without a type; the rest go to the bell. */
export const isTickerMessage = (m: Pick<NotificationMessage, 'Type'>): boolean =>
  m.Type === null || m.Type === 'T'

/** GET account/{id}/notification/message; guests ask with the id `guest` (brand-wide only). */
export const messagesQueryOptions = (userId = 'guest') =>
  queryOptions({
    queryKey: ['messages', userId],
    queryFn: async () =>
      (
        await api.get(
          `account/${encodeURIComponent(userId)}/notification/message`,
          notificationMessagesResponse,
        )
      ).data,
    staleTime: 60_000,
    refetchInterval: 120_000,
    retry: false,
  })

export const useMessages = () => useQuery(messagesQueryOptions(useSessionStore((s) => s.user?._id)))
