import type { OneClickSettings as OneClick } from '@backlay/contract/user'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatWhole } from '../../../lib/format'
import { showToast } from '../../../lib/toast'
import { useSessionStore } from '../../auth/stores/session-store'
import { saveOneClick } from '../api/save-stakes'
import styles from './stakes.module.css'

/** The player's one-click settings (active, selected preset, preset list) from the session. */
export const useOneClick = (): OneClick | null =>
  useSessionStore((s) => s.user?.settings.oneClickSettings ?? null)

/**
 * One-click betting (§4): on, a price click sends a bet at the selected preset straight away.
 * It is forced off at every login (the session store does that).
 */
export function OneClickSettings() {
  const { t } = useTranslation()
  const user = useSessionStore((s) => s.user)
  const updateUser = useSessionStore((s) => s.updateUser)
  const oneClick = useOneClick()
  const [saving, setSaving] = useState(false)
  if (!user || !oneClick) return null

  const save = async (next: OneClick) => {
    const previous = oneClick
    updateUser({ settings: { ...user.settings, oneClickSettings: next } })
    setSaving(true)
    try {
      await saveOneClick(user._id, next)
    } catch (e) {
      updateUser({ settings: { ...user.settings, oneClickSettings: previous } })
      showToast({ type: 'error', message: (e as Error).message, shell: true })
    } finally {
      setSaving(false)
    }
  }

  return (
    <div className={styles.oneClick}>
      <label className={styles.switch}>
        <input
          type="checkbox"
          checked={oneClick.active}
          disabled={saving}
          onChange={(e) => void save({ ...oneClick, active: e.target.checked })}
        />
        {t('stakes.oneClick')}
      </label>
      {oneClick.active ? (
        <fieldset className={styles.presets}>
          <legend className={styles.legend}>{t('stakes.oneClickStake')}</legend>
          {oneClick.settings.map((value, i) => (
            <label key={value} className={styles.preset}>
              <input
                type="radio"
                name="one-click-stake"
                checked={oneClick.selected === i}
                disabled={saving}
                onChange={() => void save({ ...oneClick, selected: i })}
              />
              {formatWhole(value)}
            </label>
          ))}
        </fieldset>
      ) : null}
    </div>
  )
}
