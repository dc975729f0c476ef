import { accountStatementDetailsResponse } from '@backlay/contract/statements'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { api } from '../../../lib/api-client'
import { formatDateTime } from '../../../lib/format'
import { useUtcOffset } from '../../account/stores/time-zone-store'
import { Amount, amountColumn } from './amount'
import { StatementPage } from './statement-page'
import styles from './statements.module.css'

type Leg = { account: string; amount: number; memo: string }

/** /account-statement-details?id=…: the ledger legs behind one statement row. */
export function AccountStatementDetailsPage() {
  const { t } = useTranslation()
  const offset = useUtcOffset()
  const [params] = useSearchParams()
  const id = params.get('id') ?? ''
  const details = useQuery({
    queryKey: ['user', 'statement-details', id],
    queryFn: () => api.post('account/statement/details', { id }, accountStatementDetailsResponse),
    enabled: id !== '',
    select: (r) => r.data,
  })
  const row = details.data?.row
  return (
    <StatementPage<Leg>
      title={t('statements.statementDetails')}
      columns={[
        { key: 'account', header: t('statements.account'), cell: (l) => l.account },
        { key: 'memo', header: t('statements.description'), cell: (l) => l.memo },
        amountColumn('amount', t('statements.amount'), (l) => l.amount, true),
      ]}
      rows={details.data?.legs}
      rowKey={(l) => `${l.account}-${l.amount}-${l.memo}`}
      loading={details.isPending}
      failed={details.isError}
      emptyText={t('statements.empty')}
    >
      {row ? (
        <dl className={styles.summary}>
          <div>
            <dt>{t('statements.date')}</dt>
            <dd>{formatDateTime(row.createdAt, offset)}</dd>
          </div>
          <div>
            <dt>{t('statements.description')}</dt>
            <dd>{row.description}</dd>
          </div>
          <div>
            <dt>{t('statements.balance')}</dt>
            <dd>
              <Amount value={row.balance} />
            </dd>
          </div>
          {row.market_id ? (
            <div>
              <dt>{t('statements.market')}</dt>
              <dd>
                <Link
                  className={styles.link}
                  to={`/betting-profit-loss-details?market_id=${encodeURIComponent(row.market_id)}`}
                >
                  {t('statements.viewBets')}
                </Link>
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </StatementPage>
  )
}
