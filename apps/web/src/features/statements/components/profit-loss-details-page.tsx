import type { SettledBet } from '@backlay/contract/bets'
import { settledBetsResponse } from '@backlay/contract/bets'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { api } from '../../../lib/api-client'
import { formatOdds } from '../../../lib/format'
import { BetHistoryButton } from '../../open-bets/components/bet-history'
import { Amount, amountColumn } from './amount'
import { StatementPage } from './statement-page'
import styles from './statements.module.css'

/** /betting-profit-loss-details?market_id=…: the settled bets of one market (bet/settledBets). */
export function ProfitLossDetailsPage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const marketId = params.get('market_id') ?? ''
  const bets = useQuery({
    queryKey: ['user', 'settled-bets', marketId],
    queryFn: () =>
      api.post('bet/settledBets', { search: { market_id: marketId } }, settledBetsResponse),
    enabled: marketId !== '',
    select: (r) => r.data.list,
  })
  const first = bets.data?.[0]
  const net = bets.data?.reduce((sum, b) => sum + b.pl, 0) ?? 0
  return (
    <StatementPage<SettledBet>
      title={t('statements.profitLossDetails')}
      columns={[
        { key: 'runner', header: t('statements.selection'), cell: (b) => b.selection_name },
        {
          key: 'side',
          header: t('statements.side'),
          cell: (b) => (b.type === 'Back' ? t('statements.back') : t('statements.lay')),
        },
        {
          key: 'odds',
          header: t('statements.odds'),
          numeric: true,
          cell: (b) => formatOdds(b.odds),
        },
        amountColumn('stake', t('statements.stake'), (b) => b.stack),
        amountColumn('pl', t('statements.profitLoss'), (b) => b.pl, true),
        {
          key: 'history',
          header: t('openbets.history.button'),
          cell: (b) => <BetHistoryButton betId={b.bet_id} name={b.selection_name} />,
        },
      ]}
      rows={bets.data}
      rowKey={(b) => b.bet_id}
      loading={bets.isPending}
      failed={bets.isError}
      emptyText={t('statements.empty')}
    >
      {first ? (
        <dl className={styles.summary}>
          <div>
            <dt>{t('statements.event')}</dt>
            <dd>
              {first.match_name} — {first.market_name}
            </dd>
          </div>
          <div>
            <dt>{t('statements.net')}</dt>
            <dd>
              <Amount value={net} signed />
            </dd>
          </div>
        </dl>
      ) : null}
    </StatementPage>
  )
}
