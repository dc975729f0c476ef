import {
  oneClickSettingsResponse,
  stakeEditForm,
  stakesSettingsResponse,
} from '@backlay/contract/stakes'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../../../lib/api-client'
import { formatWhole } from '../../../lib/format'
import { translateMessage } from '../../../lib/messages'
import { showToast } from '../../../lib/toast'
import { loginRequired } from '../../auth/components/require-login'
import { useBusyWhile } from '../../auth/hooks/use-busy-while'
import { useSessionStore } from '../../auth/stores/session-store'
import styles from './account-pages.module.css'

/** /settings: the stake buttons and one-click betting, saved on the player's account. */
export const SettingsPage = loginRequired(SettingsForms)

function SettingsForms() {
  const { t } = useTranslation()
  const user = useSessionStore((s) => s.user)
  const updateUser = useSessionStore((s) => s.updateUser)
  const [stakes, setStakes] = useState(() =>
    (user?.settings.presetStakeSettings.settings ?? []).map(String),
  )
  const [stakeError, setStakeError] = useState<string | null>(null)
  const [busy, busyWhile] = useBusyWhile()
  if (!user) return null
  const oneClick = user.settings.oneClickSettings
  const base = `account/${encodeURIComponent(user._id)}/settings`

  const saveStakes = async () => {
    const parsed = stakeEditForm.safeParse({ match_stack: stakes })
    if (!parsed.success) {
      setStakeError(translateMessage(t, parsed.error.issues[0]?.message ?? ''))
      return
    }
    setStakeError(null)
    await busyWhile(async () => {
      const { data } = await api.post(
        `${base}/stakes`,
        { settings: parsed.data.match_stack },
        stakesSettingsResponse,
      )
      updateUser({ settings: { ...user.settings, presetStakeSettings: data } })
      showToast({ type: 'success', message: t('account.stakesSaved'), shell: true })
    })
  }

  const saveOneClick = (next: typeof oneClick) =>
    busyWhile(async () => {
      const { data } = await api.post(
        `${base}/one-click`,
        { settings: next },
        oneClickSettingsResponse,
      )
      updateUser({ settings: { ...user.settings, oneClickSettings: data } })
    })

  return (
    <section className={styles.page}>
      <h1 className={styles.title}>{t('account.settings')}</h1>
      <h2 className={styles.subtitle}>{t('account.stakeButtons')}</h2>
      <div className={styles.stakes}>
        {stakes.map((value, index) => (
          <label key={`stake-${index.toString()}`} className={styles.stake}>
            <span className={styles.muted}>{t('account.stakeN', { n: index + 1 })}</span>
            <input
              inputMode="numeric"
              value={value}
              onChange={(e) =>
                setStakes((list) => list.map((v, i) => (i === index ? e.target.value : v)))
              }
            />
          </label>
        ))}
      </div>
      {stakeError ? (
        <p className={styles.error} role="alert">
          {stakeError}
        </p>
      ) : null}
      <button type="button" className={styles.primary} disabled={busy} onClick={saveStakes}>
        {t('account.saveStakes')}
      </button>
      <h2 className={styles.subtitle}>{t('account.oneClick')}</h2>
      <label className={styles.option}>
        <input
          type="checkbox"
          checked={oneClick.active}
          disabled={busy}
          onChange={(e) => saveOneClick({ ...oneClick, active: e.target.checked })}
        />
        {t('account.oneClickActive')}
      </label>
      <fieldset className={styles.options}>
        <legend>{t('account.oneClickStake')}</legend>
        {oneClick.settings.map((value, index) => (
          <label key={`one-click-${index.toString()}`} className={styles.option}>
            <input
              type="radio"
              name="oneClickSelected"
              checked={oneClick.selected === index}
              disabled={busy}
              onChange={() => saveOneClick({ ...oneClick, selected: index })}
            />
            {formatWhole(value)}
          </label>
        ))}
      </fieldset>
    </section>
  )
}
