import { betSettingsResponse } from '@backlay/contract/stakes'
import type { BetSettings } from '@backlay/contract/user'
import { api } from '../../../lib/api-client'
import { showToast } from '../../../lib/toast'
import { useSessionStore } from '../../auth/stores/session-store'

/** POST account/{id}/settings/bet with the whole bet-settings object. */
const saveBetSettings = async (userId: string, settings: BetSettings) =>
  (
    await api.post(
      `account/${encodeURIComponent(userId)}/settings/bet`,
      { settings },
      betSettingsResponse,
    )
  ).data

/**
 * The player's bet settings from the session, and a change to them: shown at once, saved with
 * the account (so every device of the player sends bets the same way), put back if the save fails.
 */
export function useBetSettings(): [BetSettings | null, (next: BetSettings) => Promise<void>] {
  const user = useSessionStore((s) => s.user)
  const updateUser = useSessionStore((s) => s.updateUser)
  const current = user?.settings.betSettings ?? null
  const save = async (next: BetSettings) => {
    if (!user || !current) return
    updateUser({ settings: { ...user.settings, betSettings: next } })
    try {
      await saveBetSettings(user._id, next)
    } catch (e) {
      updateUser({ settings: { ...user.settings, betSettings: current } })
      showToast({ type: 'error', message: (e as Error).message, shell: true })
    }
  }
  return [current, save]
}
