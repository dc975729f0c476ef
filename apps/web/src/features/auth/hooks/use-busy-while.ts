import { useState } from 'react'
import { useAuthFailure } from './use-auth-failure'

/**
 * `[busy, busyWhile]`: `busyWhile(call)` keeps `busy` true until the server call settles, so a
 * form's buttons cannot send it twice, and shows a failure's msg as an error toast (shell §8).
 */
export function useBusyWhile(): [boolean, (call: () => Promise<void>) => Promise<void>] {
  const onFailure = useAuthFailure()
  const [busy, setBusy] = useState(false)
  const busyWhile = async (call: () => Promise<void>) => {
    setBusy(true)
    try {
      await call()
    } catch (error) {
      onFailure(error)
    } finally {
      setBusy(false)
    }
  }
  return [busy, busyWhile]
}
