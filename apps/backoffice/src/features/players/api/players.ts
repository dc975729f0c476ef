import {
  type AdjustBalanceRequest,
  auditResponse,
  balanceChangedResponse,
  type CreatePlayerRequest,
  doneResponse,
  ledgerResponse,
  playerBetsResponse,
  playerResponse,
  playersResponse,
} from '@backlay/contract/admin'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { admin, query } from '../../../lib/api'

export const usePlayers = (search: string, page: number) =>
  useQuery({
    queryKey: ['players', search, page],
    queryFn: () => admin.get(`players${query({ search, page, limit: 25 })}`, playersResponse),
  })

export const usePlayer = (id: string) =>
  useQuery({ queryKey: ['player', id], queryFn: () => admin.get(`players/${id}`, playerResponse) })

export const usePlayerLedger = (id: string, page: number) =>
  useQuery({
    queryKey: ['player', id, 'ledger', page],
    queryFn: () => admin.get(`players/${id}/ledger${query({ page, limit: 20 })}`, ledgerResponse),
  })

export const usePlayerBets = (id: string, page: number) =>
  useQuery({
    queryKey: ['player', id, 'bets', page],
    queryFn: () => admin.get(`players/${id}/bets${query({ page, limit: 20 })}`, playerBetsResponse),
  })

export const usePlayerAudit = (id: string) =>
  useQuery({
    queryKey: ['player', id, 'audit'],
    queryFn: () => admin.get(`players/${id}/audit${query({ limit: 50 })}`, auditResponse),
  })

export const useCreatePlayer = () => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: CreatePlayerRequest) => admin.post('players', body, playerResponse),
    onSuccess: () => client.invalidateQueries({ queryKey: ['players'] }),
  })
}

/** Lock, password, failed-login and money changes: afterwards the whole player page refetches. */
export const usePlayerAction = (id: string) => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({
      path,
      body,
    }: {
      path: 'lock' | 'password' | 'login-protection/clear' | 'api-access'
      body: unknown
    }) => admin.post(`players/${id}/${path}`, body, doneResponse),
    onSuccess: () => client.invalidateQueries({ queryKey: ['player', id] }),
  })
}

export const useAdjustBalance = (id: string) => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: AdjustBalanceRequest) =>
      admin.post(`players/${id}/adjust`, body, balanceChangedResponse),
    onSuccess: () => client.invalidateQueries({ queryKey: ['player', id] }),
  })
}
