import { type ReportKind, reportKind } from '@backlay/contract/admin-reports'
import { INDIA_OFFSET_MINUTES } from '@backlay/contract/limits'
import * as Tabs from 'radix-ui/tabs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Pager } from '../../../components/pager'
import { downloadFile } from '../../../lib/api'
import { useSession } from '../../../lib/session'
import { useBrands } from '../../brands/api/brands'
import { useSports } from '../../markets/api/markets'
import { type ReportFilters, reportQuery, useOperators } from '../api/reports'
import { ReportTable } from './report-table'

const PAGE_SIZE = 50
/** Reports about bets take a sport and a market; casino and limits do not. */
const ABOUT_BETS: ReportKind[] = ['market-pl', 'player-pl']

/** The India day (the server's calendar) `daysAgo` days back. */
const indiaDay = (daysAgo: number) =>
  new Date(Date.now() + (INDIA_OFFSET_MINUTES * 60 - daysAgo * 86_400) * 1000)
    .toISOString()
    .slice(0, 10)
const defaultFilters = (): ReportFilters => ({
  from: indiaDay(29),
  to: indiaDay(0),
  brandId: '',
  agentId: '',
  sportId: '',
  marketId: '',
})

/** Reports with filters: each a table on screen and the same rows as a CSV download. */
export function ReportsPage() {
  const { t } = useTranslation()
  const isAdmin = useSession()?.operator.role === 'admin'
  const [kind, setKind] = useState<ReportKind>('market-pl')
  const [filters, setFilters] = useState(defaultFilters)
  const [page, setPage] = useState(1)
  const [downloadError, setDownloadError] = useState<string | null>(null)
  const [downloading, setDownloading] = useState(false)
  const brands = useBrands(isAdmin)
  const agents = useOperators(isAdmin)
  const sports = useSports()
  const aboutBets = ABOUT_BETS.includes(kind)

  const asked: ReportFilters = aboutBets ? filters : { ...filters, sportId: '', marketId: '' }
  const set = (key: keyof ReportFilters) => (e: { target: { value: string } }) => {
    setFilters((f) => ({ ...f, [key]: e.target.value.trim() }))
    setPage(1)
  }
  const download = async () => {
    setDownloadError(null)
    setDownloading(true)
    try {
      await downloadFile(`reports/${kind}/csv${reportQuery(asked)}`)
    } catch (error) {
      setDownloadError((error as Error).message)
    } finally {
      setDownloading(false)
    }
  }

  return (
    <section>
      <header className="page-head">
        <h1>{t('reports.title')}</h1>
        <button type="button" onClick={download} disabled={downloading}>
          {t('reports.download')}
        </button>
      </header>
      <Tabs.Root
        value={kind}
        onValueChange={(value) => {
          setKind(value as ReportKind)
          setPage(1)
        }}
      >
        <Tabs.List className="tabs" aria-label={t('reports.title')}>
          {reportKind.options.map((k) => (
            <Tabs.Trigger key={k} value={k}>
              {t(`reports.kind.${k}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <div className="filters">
          <label>
            {t('reports.from')}
            <input type="date" value={filters.from} max={filters.to} onChange={set('from')} />
          </label>
          <label>
            {t('reports.to')}
            <input type="date" value={filters.to} min={filters.from} onChange={set('to')} />
          </label>
          {isAdmin && (
            <>
              <label>
                {t('reports.brand')}
                <select value={filters.brandId} onChange={set('brandId')}>
                  <option value="">{t('reports.all')}</option>
                  {brands.data?.data.map((b) => (
                    <option key={b.id} value={b.id}>
                      {b.name}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {t('reports.agent')}
                <select value={filters.agentId} onChange={set('agentId')}>
                  <option value="">{t('reports.all')}</option>
                  {agents.data?.data.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.userName}
                    </option>
                  ))}
                </select>
              </label>
            </>
          )}
          {aboutBets && (
            <>
              <label>
                {t('reports.sport')}
                <select value={filters.sportId} onChange={set('sportId')}>
                  <option value="">{t('reports.all')}</option>
                  {sports.data?.data.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {t('reports.market')}
                <input
                  value={filters.marketId}
                  onChange={set('marketId')}
                  placeholder={t('reports.marketHint')}
                />
              </label>
            </>
          )}
        </div>
        {downloadError && (
          <p role="alert" className="error">
            {downloadError}
          </p>
        )}
        {reportKind.options.map((k) => (
          <Tabs.Content key={k} value={k}>
            {k === kind && (
              <ReportTable kind={k} filters={asked} page={page} limit={PAGE_SIZE}>
                {(total) => <Pager page={page} total={total} limit={PAGE_SIZE} onPage={setPage} />}
              </ReportTable>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  )
}
