import { useNavigate } from 'react-router'
import { useLoginUiStore } from '../stores/login-ui-store'

/** Closes the dialog and goes where the guest was heading before it stopped them (shell §4). */
export function useAfterLogin(): () => void {
  const navigate = useNavigate()
  return () => {
    const { close, takePendingTarget } = useLoginUiStore.getState()
    const target = takePendingTarget()
    close()
    if (target) navigate(target)
  }
}
