import { type TransferRow, transferStatementResponse } from '@backlay/contract/statements'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../../lib/format'
import { useUtcOffset } from '../../account/stores/time-zone-store'
import { PAGE_SIZE, usePagedList } from '../hooks/use-paged-list'
import { Amount } from './amount'
import { type Column, DayRange, StatementPage } from './statement-page'

/** /transfer-statement: money moved between the player and the operator. */
export function TransferStatementPage() {
  const { t } = useTranslation()
  const offset = useUtcOffset()
  const list = usePagedList('account/transfer-statement', transferStatementResponse)
  const columns: Column<TransferRow>[] = [
    { key: 'date', header: t('statements.date'), cell: (r) => formatDateTime(r.createdAt, offset) },
    { key: 'counterparty', header: t('statements.counterparty'), cell: (r) => r.counterparty },
    { key: 'reason', header: t('statements.description'), cell: (r) => r.reason },
    {
      key: 'amount',
      header: t('statements.amount'),
      numeric: true,
      cell: (r) => <Amount value={r.direction === 'in' ? r.amount : -r.amount} signed />,
    },
    {
      key: 'balance',
      header: t('statements.balance'),
      numeric: true,
      cell: (r) => <Amount value={r.balance} />,
    },
  ]
  const data = list.query.data
  return (
    <StatementPage
      title={t('statements.transferStatement')}
      filters={<DayRange range={list.range} onChange={list.setRange} />}
      columns={columns}
      rows={data?.list}
      rowKey={(r) => r.id}
      loading={list.query.isPending}
      failed={list.query.isError}
      emptyText={t('statements.empty')}
      paging={{ page: list.page, limit: PAGE_SIZE, total: data?.total ?? 0, onPage: list.setPage }}
    />
  )
}
