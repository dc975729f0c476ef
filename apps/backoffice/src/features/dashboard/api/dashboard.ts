import { dashboardResponse } from '@backlay/contract/admin-reports'
import { useQuery } from '@tanstack/react-query'
import { admin, query } from '../../../lib/api'

/** The dashboard's figures for one brand or all, refreshed every minute while open. */
export const useDashboard = (brandId: string) =>
  useQuery({
    queryKey: ['dashboard', brandId],
    queryFn: () => admin.get(`dashboard${query({ brandId })}`, dashboardResponse),
    refetchInterval: 60_000,
  })
