import { type ProfitLossRow, profitLossResponse } from '@backlay/contract/statements'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatDateTime } from '../../../lib/format'
import { useUtcOffset } from '../../account/stores/time-zone-store'
import { PAGE_SIZE, usePagedList } from '../hooks/use-paged-list'
import { Amount } from './amount'
import { type Column, DayRange, StatementPage } from './statement-page'
import styles from './statements.module.css'

/** /betting-profit-loss: one row per settled market; the market opens its bets. */
export function ProfitLossPage() {
  const { t } = useTranslation()
  const offset = useUtcOffset()
  const list = usePagedList('account/profit-loss', profitLossResponse)
  const columns: Column<ProfitLossRow>[] = [
    {
      key: 'settled',
      header: t('statements.settledAt'),
      cell: (r) => formatDateTime(r.settledAt, offset),
    },
    {
      key: 'market',
      header: t('statements.event'),
      cell: (r) => (
        <Link
          className={styles.link}
          to={`/betting-profit-loss-details?market_id=${encodeURIComponent(r.market_id)}`}
        >
          {r.match_name} — {r.market_name}
        </Link>
      ),
    },
    {
      key: 'stake',
      header: t('statements.stake'),
      numeric: true,
      cell: (r) => <Amount value={r.stack} />,
    },
    {
      key: 'commission',
      header: t('statements.commission'),
      numeric: true,
      cell: (r) => <Amount value={r.commission} />,
    },
    {
      key: 'net',
      header: t('statements.net'),
      numeric: true,
      cell: (r) => <Amount value={r.net} signed />,
    },
  ]
  const data = list.query.data
  return (
    <StatementPage
      title={t('statements.bettingProfitLoss')}
      filters={<DayRange range={list.range} onChange={list.setRange} />}
      columns={columns}
      rows={data?.list}
      rowKey={(r) => r.market_id}
      loading={list.query.isPending}
      failed={list.query.isError}
      emptyText={t('statements.empty')}
      paging={{ page: list.page, limit: PAGE_SIZE, total: data?.total ?? 0, onPage: list.setPage }}
    />
  )
}
