import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { menuResponse } from '../../../lib/response-schemas'

export const menuQueryOptions = queryOptions({
  queryKey: ['menu'],
  queryFn: async () => (await api.get('menu', menuResponse)).data,
  staleTime: 60_000,
  refetchInterval: 60_000,
})

/** GET menu: the sports tree; an id being present switches its navigation button on (§2). */
export const useMenu = () => useQuery(menuQueryOptions)
