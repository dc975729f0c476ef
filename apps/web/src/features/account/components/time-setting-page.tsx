import { timeSettingsResponse } from '@backlay/contract/time-settings'
import { TIME_ZONE_NAMES, type TimeZoneName } from '@backlay/contract/time-zones'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../../../lib/api-client'
import { formatClock } from '../../../lib/format'
import { showToast } from '../../../lib/toast'
import { loginRequired } from '../../auth/components/require-login'
import { useAuthFailure } from '../../auth/hooks/use-auth-failure'
import { offsetOf, useTimeZoneStore } from '../stores/time-zone-store'
import styles from './account-pages.module.css'

/** /time-setting: which clock every displayed time follows (system UTC, device, India). */
export const TimeSettingPage = loginRequired(TimeSettingForm)

function TimeSettingForm() {
  const { t } = useTranslation()
  const onFailure = useAuthFailure()
  const { name, setName } = useTimeZoneStore()
  const saved = useQuery({
    queryKey: ['user', 'time-setting'],
    queryFn: () => api.get('user/timeSetting', timeSettingsResponse),
    select: (r) => r.data,
  })
  useEffect(() => {
    if (saved.data) setName(saved.data.timeZoneName)
  }, [saved.data, setName])
  const save = useMutation({
    mutationFn: (next: TimeZoneName) =>
      api.post('user/timeSetting', { timeZoneName: next }, timeSettingsResponse),
    onSuccess: (r) => {
      setName(r.data.timeZoneName)
      showToast({ type: 'success', message: t('account.timeSaved'), shell: true })
    },
    onError: onFailure,
  })
  const now = saved.data ? new Date(saved.data.serverTime) : new Date()
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>{t('account.timeSettings')}</h1>
      <fieldset className={styles.options}>
        <legend>{t('account.timeZone')}</legend>
        {TIME_ZONE_NAMES.map((option) => (
          <label key={option} className={styles.option}>
            <input
              type="radio"
              name="timeZoneName"
              value={option}
              checked={name === option}
              disabled={save.isPending}
              onChange={() => save.mutate(option)}
            />
            <span>
              {t(`account.zones.${option}`)}
              <small className={styles.muted}> — {formatClock(now, offsetOf(option))}</small>
            </span>
          </label>
        ))}
      </fieldset>
    </section>
  )
}
