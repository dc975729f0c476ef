import type { Transaction } from '@backlay/contract/deposit'
import { transactionsResponse } from '@backlay/contract/deposit'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatDateTime } from '../../../lib/format'
import { useUtcOffset } from '../../account/stores/time-zone-store'
import { amountColumn } from '../../statements/components/amount'
import { type Column, DayRange, StatementPage } from '../../statements/components/statement-page'
import { usePagedList } from '../../statements/hooks/use-paged-list'
import styles from './wallet.module.css'

/** /transactions: deposits and withdrawals with their status. */
export function TransactionsPage() {
  const { t } = useTranslation()
  const offset = useUtcOffset()
  const list = usePagedList('transactions/list', transactionsResponse)
  const columns: Column<Transaction>[] = [
    { key: 'date', header: t('statements.date'), cell: (r) => formatDateTime(r.createdAt, offset) },
    {
      key: 'ref',
      header: t('wallet.reference'),
      cell: (r) => (
        <Link
          className={styles.link}
          to={`/transactions-details/${r.type}/${encodeURIComponent(r.refrenceNo)}`}
        >
          {r.refrenceNo}
        </Link>
      ),
    },
    { key: 'type', header: t('statements.type'), cell: (r) => t(`wallet.types.${r.type}`) },
    { key: 'status', header: t('wallet.status'), cell: (r) => t(`wallet.statuses.${r.status}`) },
    amountColumn('amount', t('statements.amount'), (r) => r.amount),
  ]
  return (
    <StatementPage
      title={t('wallet.transactions')}
      filters={<DayRange range={list.range} onChange={list.setRange} />}
      columns={columns}
      rowKey={(r) => r.refrenceNo}
      emptyText={t('statements.empty')}
      {...list.table}
    />
  )
}
