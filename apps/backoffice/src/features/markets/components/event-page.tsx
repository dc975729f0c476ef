import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { formatTime } from '../../../lib/format'
import { useEvent } from '../api/markets'
import { MarketCard } from './market-card'

/** One event and every market of it, with the operator's controls. */
export function EventPage() {
  const { t } = useTranslation()
  const { eventId = '' } = useParams()
  const event = useEvent(eventId)
  if (event.isPending) return <p>{t('shell.loading')}</p>
  if (event.error)
    return (
      <p role="alert" className="error">
        {event.error.message}
      </p>
    )
  const e = event.data.data
  return (
    <section>
      <p className="crumbs">
        <Link to="/markets">{t('markets.title')}</Link> › {e.sportName} › {e.competitionName}
      </p>
      <header className="page-head">
        <h1>{e.name}</h1>
        <span className={`badge ${e.status}`}>{t(`markets.eventStatus.${e.status}`)}</span>
        <span className="muted">{formatTime(e.startTime)}</span>
      </header>
      {e.marketDetails.map((m) => (
        <MarketCard key={m.id} market={m} />
      ))}
    </section>
  )
}
