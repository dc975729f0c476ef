import type { Bonus, BonusStatementRow } from '@backlay/contract/bonus'
import { bonusListResponse, bonusStatementResponse } from '@backlay/contract/bonus'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { api } from '../../../lib/api-client'
import { formatDateTime } from '../../../lib/format'
import { useUtcOffset } from '../../account/stores/time-zone-store'
import { Amount, amountColumn } from '../../statements/components/amount'
import { type Column, DayRange, StatementPage } from '../../statements/components/statement-page'
import { usePagedList } from '../../statements/hooks/use-paged-list'
import styles from './wallet.module.css'

/** /bonuses: every bonus with its wagering progress. */
export function BonusesPage() {
  const { t } = useTranslation()
  const offset = useUtcOffset()
  const bonuses = useQuery({
    queryKey: ['user', 'bonuses'],
    queryFn: () => api.post('bonus/list', {}, bonusListResponse),
    select: (r) => r.data,
  })
  const columns: Column<Bonus>[] = [
    { key: 'name', header: t('wallet.bonus'), cell: (b) => b.name },
    { key: 'kind', header: t('statements.type'), cell: (b) => t(`wallet.bonusKinds.${b.kind}`) },
    amountColumn('amount', t('statements.amount'), (b) => b.amount),
    {
      key: 'wagering',
      header: t('wallet.wagering'),
      numeric: true,
      cell: (b) => (
        <>
          <Amount value={b.wageringCompleted} /> / <Amount value={b.wageringRequired} />
        </>
      ),
    },
    {
      key: 'status',
      header: t('wallet.status'),
      cell: (b) => t(`wallet.bonusStatuses.${b.status}`),
    },
    {
      key: 'expires',
      header: t('wallet.expires'),
      cell: (b) => (b.expiresAt ? formatDateTime(b.expiresAt, offset) : t('wallet.never')),
    },
  ]
  return (
    <StatementPage
      title={t('wallet.bonuses')}
      columns={columns}
      rows={bonuses.data}
      rowKey={(b) => b.id}
      loading={bonuses.isPending}
      failed={bonuses.isError}
      emptyText={t('wallet.noBonuses')}
    >
      <p>
        <Link className={styles.link} to="/bonus-statement">
          {t('wallet.bonusStatement')}
        </Link>
      </p>
    </StatementPage>
  )
}

/** /bonus-statement: movements of the bonus wallets. */
export function BonusStatementPage() {
  const { t } = useTranslation()
  const offset = useUtcOffset()
  const list = usePagedList('bonus/statement', bonusStatementResponse)
  const columns: Column<BonusStatementRow>[] = [
    { key: 'date', header: t('statements.date'), cell: (r) => formatDateTime(r.createdAt, offset) },
    { key: 'description', header: t('statements.description'), cell: (r) => r.description },
    amountColumn('credit', t('statements.credit'), (r) => r.credit),
    amountColumn('debit', t('statements.debit'), (r) => r.debit),
    amountColumn('balance', t('statements.balance'), (r) => r.balance),
  ]
  return (
    <StatementPage
      title={t('wallet.bonusStatement')}
      filters={<DayRange range={list.range} onChange={list.setRange} />}
      columns={columns}
      rowKey={(r) => r.id}
      emptyText={t('statements.empty')}
      {...list.table}
    />
  )
}
