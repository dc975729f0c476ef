import { operatorsResponse } from '@backlay/contract/admin'
import { type ReportKind, reportResponse } from '@backlay/contract/admin-reports'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { admin, query } from '../../../lib/api'

export interface ReportFilters {
  from: string
  to: string
  brandId: string
  agentId: string
  sportId: string
  marketId: string
}

/** The query string of a report's table page or CSV. */
export const reportQuery = (filters: ReportFilters, page?: number, limit?: number) =>
  query({ ...filters, page, limit })

export const useReport = (kind: ReportKind, filters: ReportFilters, page: number, limit: number) =>
  useQuery({
    queryKey: ['report', kind, filters, page],
    queryFn: () => admin.get(`reports/${kind}${reportQuery(filters, page, limit)}`, reportResponse),
    placeholderData: keepPreviousData,
  })

/** The agents an admin may filter by (an agent's reports are its own anyway). */
export const useOperators = (enabled: boolean) =>
  useQuery({
    queryKey: ['operators'],
    queryFn: () => admin.get('operators', operatorsResponse),
    enabled,
    staleTime: 60_000,
  })
