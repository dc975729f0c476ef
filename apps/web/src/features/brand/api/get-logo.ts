import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { logoResponse } from '../../../lib/response-schemas'

export const logoQueryOptions = queryOptions({
  queryKey: ['logo'],
  queryFn: () => api.post('content/getLogo', {}, logoResponse),
  staleTime: Number.POSITIVE_INFINITY,
})

/** POST content/getLogo → the logo URL of this host's brand. */
export const useLogo = () => useQuery({ ...logoQueryOptions, select: (r) => r.data.description })
