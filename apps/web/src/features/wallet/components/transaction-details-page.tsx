import { transactionDetailsResponse } from '@backlay/contract/deposit'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import type { z } from 'zod'
import { api } from '../../../lib/api-client'
import { formatDateTime } from '../../../lib/format'
import { useUtcOffset } from '../../account/stores/time-zone-store'
import { Amount } from '../../statements/components/amount'
import { StatementPage } from '../../statements/components/statement-page'
import statementStyles from '../../statements/components/statements.module.css'

type Change = z.infer<typeof transactionDetailsResponse>['data']['history'][number]

/** /transactions-details/{type}/{refrenceNo}: one deposit or withdrawal and its status changes. */
export function TransactionDetailsPage() {
  const { t } = useTranslation()
  const offset = useUtcOffset()
  const { type = '', refrenceNo = '' } = useParams()
  const details = useQuery({
    queryKey: ['user', 'transaction', type, refrenceNo],
    queryFn: () =>
      api.get(
        `transactions/${encodeURIComponent(type)}/${encodeURIComponent(refrenceNo)}`,
        transactionDetailsResponse,
      ),
    select: (r) => r.data,
    refetchInterval: (q) => (q.state.data?.data.status === 'PENDING' ? 15_000 : false),
  })
  const tx = details.data
  return (
    <StatementPage<Change>
      title={t('wallet.transactionDetails')}
      columns={[
        { key: 'at', header: t('statements.date'), cell: (c) => formatDateTime(c.at, offset) },
        {
          key: 'status',
          header: t('wallet.status'),
          cell: (c) => t(`wallet.statuses.${c.status}`),
        },
        { key: 'by', header: t('wallet.by'), cell: (c) => t(`wallet.actors.${c.by}`) },
        { key: 'remark', header: t('wallet.remark'), cell: (c) => c.remark ?? '' },
      ]}
      rows={tx?.history}
      rowKey={(c) => `${c.at}-${c.status}`}
      loading={details.isPending}
      failed={details.isError}
      emptyText={t('statements.empty')}
    >
      {tx ? (
        <dl className={statementStyles.summary}>
          <div>
            <dt>{t('wallet.reference')}</dt>
            <dd>{tx.refrenceNo}</dd>
          </div>
          <div>
            <dt>{t('statements.type')}</dt>
            <dd>{t(`wallet.types.${tx.type}`)}</dd>
          </div>
          <div>
            <dt>{t('statements.amount')}</dt>
            <dd>
              <Amount value={tx.amount} />
            </dd>
          </div>
          <div>
            <dt>{t('wallet.status')}</dt>
            <dd>{t(`wallet.statuses.${tx.status}`)}</dd>
          </div>
          {tx.utr ? (
            <div>
              <dt>{t('wallet.utr')}</dt>
              <dd>{tx.utr}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </StatementPage>
  )
}
