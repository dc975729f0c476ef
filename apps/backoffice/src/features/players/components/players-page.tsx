import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Pager } from '../../../components/pager'
import { formatRupees } from '../../../lib/format'
import { usePlayers } from '../api/players'
import { CreatePlayerDialog } from './create-player-dialog'

/** Players in the operator's scope (an agent's own), searchable by id, name or mobile. */
export function PlayersPage() {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const players = usePlayers(search, page)
  return (
    <section>
      <header className="page-head">
        <h1>{t('players.title')}</h1>
        <CreatePlayerDialog />
      </header>
      <div className="filters">
        <label>
          {t('players.search')}
          <input
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value)
              setPage(1)
            }}
          />
        </label>
      </div>
      {players.isPending ? (
        <p>{t('shell.loading')}</p>
      ) : players.error ? (
        <p role="alert" className="error">
          {players.error.message}
        </p>
      ) : (
        <>
          <table className="grid">
            <thead>
              <tr>
                <th>{t('players.userName')}</th>
                <th>{t('players.name')}</th>
                <th>{t('players.mobile')}</th>
                <th>{t('players.kind')}</th>
                <th>{t('players.agent')}</th>
                <th>{t('players.balance')}</th>
                <th>{t('players.state')}</th>
              </tr>
            </thead>
            <tbody>
              {players.data.data.list.map((p) => (
                <tr key={p.id}>
                  <td>
                    <Link to={`/players/${p.id}`}>{p.userName}</Link>
                  </td>
                  <td>{p.name}</td>
                  <td>{p.mobile ?? '—'}</td>
                  <td>
                    {p.isDemo
                      ? t('players.demo')
                      : p.isB2C
                        ? t('players.b2c')
                        : t('players.credit')}
                  </td>
                  <td>{p.operatorName ?? '—'}</td>
                  <td className="num">{formatRupees(p.balance)}</td>
                  <td>
                    {p.locked ? (
                      <span className="badge CLOSED">{t('players.locked')}</span>
                    ) : (
                      t('players.active')
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {players.data.data.list.length === 0 && <p>{t('shell.empty')}</p>}
          <Pager page={page} total={players.data.data.total} limit={25} onPage={setPage} />
        </>
      )}
    </section>
  )
}
