import type { ProfitLossRow } from '@backlay/contract/statements'
import { profitLossResponse } from '@backlay/contract/statements'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatDateTime } from '../../../lib/format'
import { useUtcOffset } from '../../account/stores/time-zone-store'
import { usePagedList } from '../hooks/use-paged-list'
import { amountColumn } from './amount'
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
    amountColumn('stake', t('statements.stake'), (r) => r.stack),
    amountColumn('commission', t('statements.commission'), (r) => r.commission),
    amountColumn('net', t('statements.net'), (r) => r.net, true),
  ]
  return (
    <StatementPage
      title={t('statements.bettingProfitLoss')}
      filters={<DayRange range={list.range} onChange={list.setRange} />}
      columns={columns}
      rowKey={(r) => r.market_id}
      emptyText={t('statements.empty')}
      {...list.table}
    />
  )
}
