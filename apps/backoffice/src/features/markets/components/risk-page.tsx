import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { formatRupees, formatSigned, formatTime } from '../../../lib/format'
import { riskQuery } from '../api/markets'
import { useLiveMarket } from '../hooks/use-live-market'

/** The house's book of one market: P/L per runner, volumes, and the most exposed players. */
export function RiskPage() {
  const { t } = useTranslation()
  const { marketId = '' } = useParams()
  const options = riskQuery(marketId)
  const risk = useQuery(options)
  useLiveMarket(marketId, options.queryKey)
  if (risk.isPending) return <p>{t('shell.loading')}</p>
  if (risk.error)
    return (
      <p role="alert" className="error">
        {risk.error.message}
      </p>
    )
  const r = risk.data.data
  const worst = Math.min(0, ...r.runners.map((x) => x.housePl))
  return (
    <section>
      <header className="page-head">
        <h1>{t('markets.risk.title')}</h1>
        <span className={`badge ${r.status}`}>{t(`markets.marketStatus.${r.status}`)}</span>
      </header>
      <div className="stats">
        <div>
          <small>{t('markets.risk.matched')}</small>
          <strong>{formatRupees(r.matchedVolume)}</strong>
        </div>
        <div>
          <small>{t('markets.risk.unmatched')}</small>
          <strong>{formatRupees(r.unmatchedVolume)}</strong>
        </div>
        <div>
          <small>{t('markets.risk.bets')}</small>
          <strong>{r.betCount}</strong>
        </div>
        <div>
          <small>{t('markets.risk.worst')}</small>
          <strong className={worst < 0 ? 'loss' : ''}>{formatSigned(worst)}</strong>
        </div>
      </div>
      <h2>{t('markets.risk.book')}</h2>
      <table className="grid" aria-label={t('markets.risk.book')}>
        <thead>
          <tr>
            <th>{t('markets.runner')}</th>
            <th>{t('markets.risk.backStake')}</th>
            <th>{t('markets.risk.layStake')}</th>
            <th>{t('markets.risk.housePl')}</th>
          </tr>
        </thead>
        <tbody>
          {r.runners.map((x) => (
            <tr key={x.selectionId}>
              <td>{x.name}</td>
              <td>{formatRupees(x.backStake)}</td>
              <td>{formatRupees(x.layStake)}</td>
              <td className={x.housePl < 0 ? 'loss' : x.housePl > 0 ? 'win' : ''}>
                {formatSigned(x.housePl)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{t('markets.risk.topPlayers')}</h2>
      {r.topPlayers.length === 0 ? (
        <p>{t('markets.risk.noPlayers')}</p>
      ) : (
        <table className="grid" aria-label={t('markets.risk.topPlayers')}>
          <thead>
            <tr>
              <th>{t('players.userName')}</th>
              <th>{t('markets.risk.exposure')}</th>
            </tr>
          </thead>
          <tbody>
            {r.topPlayers.map((p) => (
              <tr key={p.userId}>
                <td>
                  <Link to={`/players/${p.userId}`}>{p.userName}</Link>
                </td>
                <td className="loss">{formatRupees(p.exposure)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>{t('markets.risk.guard')}</h2>
      {r.guardEvents.length === 0 ? (
        <p>{t('markets.risk.noGuardEvents')}</p>
      ) : (
        <table className="grid" aria-label={t('markets.risk.guard')}>
          <thead>
            <tr>
              <th>{t('markets.risk.guardAt')}</th>
              <th>{t('markets.runner')}</th>
              <th>{t('markets.risk.guardSide')}</th>
              <th>{t('markets.risk.guardPrice')}</th>
              <th>{t('markets.risk.guardExchange')}</th>
            </tr>
          </thead>
          <tbody>
            {r.guardEvents.map((e) => (
              <tr key={`${e.at}-${e.selectionId}-${e.side}`}>
                <td>{formatTime(e.at)}</td>
                <td>{e.runnerName}</td>
                <td>{t(`markets.${e.side === 'BACK' ? 'back' : 'lay'}`)}</td>
                <td>{e.price.toFixed(2)}</td>
                <td>{e.exchangePrice.toFixed(2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
