import {
  alertFiringsResponse,
  alertRuleResponse,
  alertRulesResponse,
  type createAlertRule,
} from '@backlay/contract/admin-reports'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { admin } from '../../../lib/api'

export const useAlertRules = () =>
  useQuery({
    queryKey: ['alerts', 'rules'],
    queryFn: () => admin.get('alerts', alertRulesResponse),
  })

/** What holds now; the banner looks every 15 s. */
export const useFiringAlerts = (enabled: boolean) =>
  useQuery({
    queryKey: ['alerts', 'firing'],
    queryFn: () => admin.get('alerts/firing', alertFiringsResponse),
    enabled,
    refetchInterval: 15_000,
  })

export const useCreateAlertRule = () => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: z.input<typeof createAlertRule>) =>
      admin.post('alerts', input, alertRuleResponse),
    onSuccess: () => client.invalidateQueries({ queryKey: ['alerts'] }),
  })
}

export const useSetAlertActive = () => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      admin.patch(`alerts/${id}`, { active }, alertRuleResponse),
    onSuccess: () => client.invalidateQueries({ queryKey: ['alerts'] }),
  })
}
