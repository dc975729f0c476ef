import { DELAY_MS } from '@backlay/contract/timing'
import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { local, STORAGE_KEYS } from '../../../lib/storage'
import { useLoginUiStore } from '../stores/login-ui-store'
import { useSessionStore } from '../stores/session-store'

/**
 * Shell §4: a referral code (`/ReferBy/{code}` or `?referCode=`) is stored and, after 500 ms and
 * only when nobody is logged in, the sign-up tab opens with it.
 */
export function storeReferral(code: string): void {
  const trimmed = code.trim()
  if (!trimmed) return
  local.set(STORAGE_KEYS.referCode, trimmed)
  setTimeout(() => {
    if (!useSessionStore.getState().isLogin) useLoginUiStore.getState().openLogin({ tab: 2 })
  }, DELAY_MS.referralModal)
}

/** Picks up `?referCode=` on whatever page the link opened. */
export function useReferral(): void {
  const { search } = useLocation()
  useEffect(() => {
    const code = new URLSearchParams(search).get('referCode')
    if (code) storeReferral(code)
  }, [search])
}
