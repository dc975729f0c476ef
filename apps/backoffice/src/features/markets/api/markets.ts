import {
  type CreateEventRequest,
  eventResponse,
  eventsResponse,
  marketResponse,
  settlementResponse,
  sportsResponse,
} from '@backlay/contract/admin'
import { riskResponse } from '@backlay/contract/admin-risk'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { admin, query } from '../../../lib/api'

export interface EventFilters {
  sportId?: string
  competitionId?: string
  status?: string
  search?: string
  page?: number
}

export const sportsQuery = queryOptions({
  queryKey: ['sports'],
  queryFn: () => admin.get('sports', sportsResponse),
  staleTime: 60_000,
})
export const useSports = () => useQuery(sportsQuery)

export const useEvents = (filters: EventFilters) =>
  useQuery({
    queryKey: ['events', filters],
    queryFn: () => admin.get(`events${query({ ...filters, limit: 25 })}`, eventsResponse),
  })

export const useEvent = (id: string) =>
  useQuery({ queryKey: ['event', id], queryFn: () => admin.get(`events/${id}`, eventResponse) })

export const useCreateEvent = () => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateEventRequest) => admin.post('events', body, eventResponse),
    onSuccess: () => client.invalidateQueries({ queryKey: ['events'] }),
  })
}

/** Every market change answers the market; the event page refetches. */
export const useMarketChange = (eventId: string) => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({
      path,
      body,
      method = 'POST',
    }: {
      path: string
      body: unknown
      method?: 'POST' | 'PATCH'
    }) =>
      method === 'PATCH'
        ? admin.patch(path, body, marketResponse)
        : admin.post(path, body, marketResponse),
    onSuccess: () => client.invalidateQueries({ queryKey: ['event', eventId] }),
  })
}

export const useSettle = (eventId: string) => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body: unknown }) =>
      admin.post(path, body, settlementResponse),
    onSuccess: () => client.invalidateQueries({ queryKey: ['event', eventId] }),
  })
}

export const riskQuery = (marketId: string) =>
  queryOptions({
    queryKey: ['risk', marketId],
    queryFn: () => admin.get(`markets/${marketId}/risk`, riskResponse),
    // The stream nudges a refetch at once; the interval covers a dropped stream.
    refetchInterval: 10_000,
  })
