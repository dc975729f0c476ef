import {
  type Bonus,
  type BonusStatementRow,
  bonusListResponse,
  bonusStatementResponse,
} from '@backlay/contract/bonus'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { api } from '../../../lib/api-client'
import { formatDateTime } from '../../../lib/format'
import { useUtcOffset } from '../../account/stores/time-zone-store'
import { Amount } from '../../statements/components/amount'
import { type Column, DayRange, StatementPage } from '../../statements/components/statement-page'
import { PAGE_SIZE, usePagedList } from '../../statements/hooks/use-paged-list'
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
    {
      key: 'amount',
      header: t('statements.amount'),
      numeric: true,
      cell: (b) => <Amount value={b.amount} />,
    },
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
    {
      key: 'credit',
      header: t('statements.credit'),
      numeric: true,
      cell: (r) => <Amount value={r.credit} />,
    },
    {
      key: 'debit',
      header: t('statements.debit'),
      numeric: true,
      cell: (r) => <Amount value={r.debit} />,
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
      title={t('wallet.bonusStatement')}
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
