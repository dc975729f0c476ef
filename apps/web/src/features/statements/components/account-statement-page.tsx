import {
  type AccountStatementRow,
  accountStatementResponse,
  statementEntryType,
} from '@backlay/contract/statements'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatDateTime } from '../../../lib/format'
import { useUtcOffset } from '../../account/stores/time-zone-store'
import { usePagedList } from '../hooks/use-paged-list'
import { amountColumn } from './amount'
import { type Column, DayRange, StatementPage } from './statement-page'
import styles from './statements.module.css'

/** /account-statement: every ledger movement of the player with the running balance. */
export function AccountStatementPage() {
  const { t } = useTranslation()
  const offset = useUtcOffset()
  const [type, setType] = useState<string>('')
  const list = usePagedList('account/statement', accountStatementResponse, {
    type: type || undefined,
  })
  const columns: Column<AccountStatementRow>[] = [
    { key: 'date', header: t('statements.date'), cell: (r) => formatDateTime(r.createdAt, offset) },
    {
      key: 'description',
      header: t('statements.description'),
      cell: (r) => (
        <Link
          className={styles.link}
          to={`/account-statement-details?id=${encodeURIComponent(r.id)}`}
        >
          {r.description}
        </Link>
      ),
    },
    { key: 'type', header: t('statements.type'), cell: (r) => t(`statements.types.${r.type}`) },
    amountColumn('credit', t('statements.credit'), (r) => r.credit),
    amountColumn('debit', t('statements.debit'), (r) => r.debit),
    amountColumn('balance', t('statements.balance'), (r) => r.balance),
  ]
  return (
    <StatementPage
      title={t('statements.accountStatement')}
      filters={
        <>
          <DayRange range={list.range} onChange={list.setRange} />
          <label className={styles.filter}>
            {t('statements.type')}
            <select value={type} onChange={(e) => setType(e.target.value)}>
              <option value="">{t('statements.allTypes')}</option>
              {statementEntryType.options.map((o) => (
                <option key={o} value={o}>
                  {t(`statements.types.${o}`)}
                </option>
              ))}
            </select>
          </label>
        </>
      }
      columns={columns}
      rowKey={(r) => r.id}
      emptyText={t('statements.empty')}
      {...list.table}
    />
  )
}
