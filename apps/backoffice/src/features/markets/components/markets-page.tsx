import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { NamedOptions } from '../../../components/form'
import { Pager } from '../../../components/pager'
import { formatTime } from '../../../lib/format'
import { useSession } from '../../../lib/session'
import { type EventFilters, useEvents, useSports } from '../api/markets'
import { CreateEventDialog } from './create-event-dialog'

const STATUSES = ['UPCOMING', 'IN_PLAY', 'CLOSED'] as const

/** Events by sport, competition, status and name, each with its markets' statuses. */
export function MarketsPage() {
  const { t } = useTranslation()
  const isAdmin = useSession()?.operator.role === 'admin'
  const [filters, setFilters] = useState<EventFilters>({ page: 1 })
  const sports = useSports().data?.data ?? []
  const events = useEvents(filters)
  const competitions = sports.find((s) => s.id === filters.sportId)?.competitions ?? []
  const set = (patch: EventFilters) => setFilters((f) => ({ ...f, ...patch, page: 1 }))

  return (
    <section>
      <header className="page-head">
        <h1>{t('markets.title')}</h1>
        {isAdmin && <CreateEventDialog />}
      </header>
      <div className="filters">
        <label>
          {t('markets.sport')}
          <select
            value={filters.sportId ?? ''}
            onChange={(e) =>
              set({ sportId: e.target.value || undefined, competitionId: undefined })
            }
          >
            <option value="">{t('markets.all')}</option>
            <NamedOptions items={sports} />
          </select>
        </label>
        <label>
          {t('markets.competition')}
          <select
            value={filters.competitionId ?? ''}
            onChange={(e) => set({ competitionId: e.target.value || undefined })}
          >
            <option value="">{t('markets.all')}</option>
            <NamedOptions items={competitions} />
          </select>
        </label>
        <label>
          {t('markets.status')}
          <select
            value={filters.status ?? ''}
            onChange={(e) => set({ status: e.target.value || undefined })}
          >
            <option value="">{t('markets.all')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`markets.eventStatus.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('markets.search')}
          <input
            type="search"
            value={filters.search ?? ''}
            onChange={(e) => set({ search: e.target.value || undefined })}
          />
        </label>
      </div>
      {events.isPending ? (
        <p>{t('shell.loading')}</p>
      ) : events.error ? (
        <p role="alert" className="error">
          {events.error.message}
        </p>
      ) : (
        <>
          <table className="grid">
            <thead>
              <tr>
                <th>{t('markets.event')}</th>
                <th>{t('markets.sport')}</th>
                <th>{t('markets.competition')}</th>
                <th>{t('markets.start')}</th>
                <th>{t('markets.status')}</th>
                <th>{t('markets.markets')}</th>
              </tr>
            </thead>
            <tbody>
              {events.data.data.list.map((e) => (
                <tr key={e.id}>
                  <td>
                    <Link to={`/events/${e.id}`}>{e.name}</Link>
                  </td>
                  <td>{e.sportName}</td>
                  <td>{e.competitionName}</td>
                  <td>{formatTime(e.startTime)}</td>
                  <td>
                    <span className={`badge ${e.status}`}>
                      {t(`markets.eventStatus.${e.status}`)}
                    </span>
                  </td>
                  <td className="chips">
                    {e.markets.map((m) => (
                      <span key={m.id} className={`chip ${m.status}`} title={m.status}>
                        {m.name}
                      </span>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {events.data.data.list.length === 0 && <p>{t('shell.empty')}</p>}
          <Pager
            page={filters.page ?? 1}
            total={events.data.data.total}
            limit={25}
            onPage={(page) => setFilters((f) => ({ ...f, page }))}
          />
        </>
      )}
    </section>
  )
}
