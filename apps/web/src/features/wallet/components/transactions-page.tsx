import { type Transaction, transactionsResponse } from '@backlay/contract/deposit'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatDateTime } from '../../../lib/format'
import { useUtcOffset } from '../../account/stores/time-zone-store'
import { Amount } from '../../statements/components/amount'
import { type Column, DayRange, StatementPage } from '../../statements/components/statement-page'
import { PAGE_SIZE, usePagedList } from '../../statements/hooks/use-paged-list'
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
    {
      key: 'amount',
      header: t('statements.amount'),
      numeric: true,
      cell: (r) => <Amount value={r.amount} />,
    },
  ]
  const data = list.query.data
  return (
    <StatementPage
      title={t('wallet.transactions')}
      filters={<DayRange range={list.range} onChange={list.setRange} />}
      columns={columns}
      rows={data?.list}
      rowKey={(r) => r.refrenceNo}
      loading={list.query.isPending}
      failed={list.query.isError}
      emptyText={t('statements.empty')}
      paging={{ page: list.page, limit: PAGE_SIZE, total: data?.total ?? 0, onPage: list.setPage }}
    />
  )
}
