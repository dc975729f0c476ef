import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatTime } from '../../../lib/format'
import { useFiringAlerts } from '../api/alerts'

/** Every alert that holds now, above whichever page the admin is on. */
export function AlertBanner({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation()
  const firing = useFiringAlerts(enabled).data?.data ?? []
  if (firing.length === 0) return null
  return (
    <div className="alert-banner" role="alert">
      <strong>{t('alerts.banner', { count: firing.length })}</strong>
      <ul>
        {firing.map((f) => (
          <li key={f.id}>
            <span className="badge">{t(`alerts.kind.${f.kind}`)}</span> {f.message}{' '}
            <small className="muted">{t('alerts.since', { at: formatTime(f.since) })}</small>
          </li>
        ))}
      </ul>
      <Link to="/alerts">{t('alerts.manage')}</Link>
    </div>
  )
}
