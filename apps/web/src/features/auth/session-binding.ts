import { MSG } from '@backlay/contract/validation-messages'
import { bindApiSession, type ForcedLogoutReason } from '../../lib/api-client'
import { i18n } from '../../lib/i18n'
import { translateMessage } from '../../lib/messages'
import { showToast } from '../../lib/toast'
import { clearExpiredOnUnload, useSessionStore } from './stores/session-store'

const NOTICE: Partial<Record<ForcedLogoutReason, string>> = {
  'no-response': MSG.serverNotResponding,
  'no-token': MSG.responseHasNoToken,
}

/**
 * Plugs the session into the shared API client: the stored token goes out with every call and
 * shell §4/§8 forced logouts (401/403, logout flag, no answer, no token) end the session; a
 * renewed token from any answer replaces the stored one.
 */
export function bindSession(): void {
  bindApiSession({
    getToken: () => useSessionStore.getState().token,
    isLoggedIn: () => useSessionStore.getState().isLogin,
    onRenewedToken: (token, expiresAt) => useSessionStore.getState().renewToken(token, expiresAt),
    onForcedLogout: (reason) => {
      const notice = NOTICE[reason]
      if (notice) showToast({ type: 'error', message: translateMessage(i18n.t, notice) })
      if (useSessionStore.getState().isLogin) useSessionStore.getState().endSession()
    },
  })
  clearExpiredOnUnload()
}
