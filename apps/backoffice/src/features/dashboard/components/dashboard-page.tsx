import type { DashboardPeriod, PeriodFigures } from '@backlay/contract/admin-reports'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatRupees, formatSigned } from '../../../lib/format'
import { useDashboard } from '../api/dashboard'
import { DailyCharts } from './daily-charts'

const PERIODS: DashboardPeriod[] = ['today', 'yesterday', 'last7Days', 'last30Days']

type Figure = keyof PeriodFigures
const MONEY_ROWS: Figure[] = [
  'turnover',
  'matchedVolume',
  'ggr',
  'commission',
  'housePL',
  'marketMakerPL',
  'casinoGGR',
  'deposits',
  'withdrawals',
]
const COUNT_ROWS: Figure[] = ['activePlayers', 'signUps']
const SIGNED: Figure[] = ['ggr', 'commission', 'housePL', 'marketMakerPL', 'casinoGGR']

/** How the business is doing: today against yesterday and the last 7 and 30 days, from the ledger. */
export function DashboardPage() {
  const { t } = useTranslation()
  const [brandId, setBrandId] = useState('')
  const dashboard = useDashboard(brandId)
  const data = dashboard.data?.data

  const cell = (figure: Figure, value: number | null) => {
    if (value === null) return <span className="muted">{t('dashboard.allBrandsOnly')}</span>
    if (COUNT_ROWS.includes(figure)) return value.toLocaleString('en-IN')
    if (!SIGNED.includes(figure)) return formatRupees(value)
    return (
      <span className={value < 0 ? 'loss' : value > 0 ? 'win' : ''}>{formatSigned(value)}</span>
    )
  }

  return (
    <section>
      <header className="page-head">
        <h1>{t('dashboard.title')}</h1>
        <label>
          {t('dashboard.brand')}
          <select value={brandId} onChange={(e) => setBrandId(e.target.value)}>
            <option value="">{t('dashboard.allBrands')}</option>
            {data?.brands.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </label>
      </header>
      {dashboard.error && (
        <p role="alert" className="error">
          {dashboard.error.message}
        </p>
      )}
      {!data ? (
        <div className="skeleton dashboard-skeleton" aria-busy="true">
          {t('shell.loading')}
        </div>
      ) : (
        <>
          <section className="stats" aria-label={t('dashboard.today')}>
            {(['ggr', 'turnover', 'activePlayers', 'deposits'] as const).map((figure) => (
              <div key={figure}>
                <small>
                  {t(`dashboard.figure.${figure}`)} · {t('dashboard.period.today')}
                </small>
                <strong>{cell(figure, data.periods.today[figure])}</strong>
              </div>
            ))}
          </section>
          <div className="card">
            <table className="grid figures">
              <thead>
                <tr>
                  <th />
                  {PERIODS.map((p) => (
                    <th key={p} className="num">
                      {t(`dashboard.period.${p}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {[...MONEY_ROWS, ...COUNT_ROWS].map((figure) => (
                  <tr key={figure}>
                    <th scope="row">{t(`dashboard.figure.${figure}`)}</th>
                    {PERIODS.map((p) => (
                      <td key={p} className="num">
                        {cell(figure, data.periods[p][figure])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <DailyCharts daily={data.daily} />
          <div className="card">
            <h2>{t('dashboard.topExposure')}</h2>
            {data.topExposure.length === 0 ? (
              <p className="muted">{t('dashboard.noExposure')}</p>
            ) : (
              <table className="grid">
                <thead>
                  <tr>
                    <th>{t('dashboard.event')}</th>
                    <th>{t('dashboard.market')}</th>
                    <th className="num">{t('dashboard.players')}</th>
                    <th className="num">{t('dashboard.exposure')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.topExposure.map((m) => (
                    <tr key={m.marketId}>
                      <td>{m.eventName}</td>
                      <td>{m.marketName}</td>
                      <td className="num">{m.players}</td>
                      <td className="num">{formatRupees(m.exposure)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        </>
      )}
    </section>
  )
}
