import { useTranslation } from 'react-i18next'
import { translateMessage } from '../../../lib/messages'
import { showToast } from '../../../lib/toast'

/** Shell §8: a failed login, sign-up or OTP call shows the server's msg as an error toast. */
export function useAuthFailure(): (error: unknown) => void {
  const { t } = useTranslation()
  return (error) => {
    const message = error instanceof Error ? error.message : String(error)
    showToast({ type: 'error', message: translateMessage(t, message) })
  }
}
