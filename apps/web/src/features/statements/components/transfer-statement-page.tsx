import type { TransferRow } from '@backlay/contract/statements'
import { transferStatementResponse } from '@backlay/contract/statements'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../../lib/format'
import { useUtcOffset } from '../../account/stores/time-zone-store'
import { usePagedList } from '../hooks/use-paged-list'
import { amountColumn } from './amount'
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
    amountColumn(
      'amount',
      t('statements.amount'),
      (r) => (r.direction === 'in' ? r.amount : -r.amount),
      true,
    ),
    amountColumn('balance', t('statements.balance'), (r) => r.balance),
  ]
  return (
    <StatementPage
      title={t('statements.transferStatement')}
      filters={<DayRange range={list.range} onChange={list.setRange} />}
      columns={columns}
      rowKey={(r) => r.id}
      emptyText={t('statements.empty')}
      {...list.table}
    />
  )
}
