import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { useSessionStore } from '../stores/session-store'

/** Shell §4: when a session ends (forced or signed out) the player's data goes and they land on /. */
export function useSessionEnd(): void {
  const endedCount = useSessionStore((s) => s.endedCount)
  const seen = useRef(endedCount)
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  useEffect(() => {
    if (endedCount === seen.current) return
    seen.current = endedCount
    queryClient.removeQueries({ queryKey: ['user'] })
    navigate('/', { replace: true })
  }, [endedCount, navigate, queryClient])
}
