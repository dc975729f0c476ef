import { MSG } from '@backlay/contract/validation-messages'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { translateMessage } from '../../../lib/messages'
import { showToast } from '../../../lib/toast'
import { useLoginUiStore } from '../stores/login-ui-store'
import { useSessionStore } from '../stores/session-store'

/**
 * Shell §4/§6: guests opening casino, Aura, Aviator, slots, card games or a search result get
 * the login dialog and land on the target after login; demo users are refused the games.
 * openGuarded('/aviator', { game: true })
 */
export function useGuardedOpen(): (target: string, options?: { game?: boolean }) => void {
  const navigate = useNavigate()
  const { t } = useTranslation()
  return (target, { game = false } = {}) => {
    const { isLogin, user } = useSessionStore.getState()
    if (!isLogin) {
      useLoginUiStore.getState().openLogin({ target })
      return
    }
    if (game && user?.is_demo) {
      showToast({ type: 'error', message: translateMessage(t, MSG.demoRefused) })
      return
    }
    navigate(target)
  }
}
