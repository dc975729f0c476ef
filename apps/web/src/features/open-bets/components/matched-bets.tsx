import { INDIA_OFFSET_MINUTES } from '@backlay/contract/limits'
import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { formatMoney, formatOdds } from '../../../lib/format'
import { useOpenBets } from '../api/get-open-bets'
import { betTarget, groupBets, type ListMode } from '../bet-list'
import { BetHistoryButton } from './bet-history'
import { BetSection } from './bet-section'
import styles from './open-bets.module.css'

dayjs.extend(utc)

/** §2 group date: DD/MM/YYYY hh:mm:ss A, India time. */
export const groupDate = (iso: string): string =>
  dayjs.utc(iso).utcOffset(INDIA_OFFSET_MINUTES).format('DD/MM/YYYY hh:mm:ss A')

const TOGGLES: { mode: Exclude<ListMode, 'plain'>; key: string }[] = [
  { mode: 'consolidated', key: 'openbets.consolidated' },
  { mode: 'average', key: 'openbets.averageOdds' },
  { mode: 'byDate', key: 'openbets.orderByDate' },
]

/**
 * Collapsible Matched Bets with the three mutually exclusive toggles, grouped per match.
 * `redirect`: a card click opens the bet's event (the open-bets page does, the sidebar not).
 */
export function MatchedBets({
  matchId,
  redirect,
  poll,
}: {
  matchId?: string
  redirect: boolean
  poll: boolean
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [mode, setMode] = useState<ListMode>('plain')
  const bets = useOpenBets(matchId ? { matchId } : {}, { poll })
  const title = t('openbets.matchedBets')
  const groups = groupBets(bets.data ?? [], mode)
  return (
    <BetSection
      title={title}
      empty={groups.length === 0}
      controls={
        <div className={styles.toggles}>
          {TOGGLES.map(({ mode: m, key }) => (
            <label key={m} className={styles.toggle}>
              <input
                type="checkbox"
                checked={mode === m}
                onChange={(e) => setMode(e.target.checked ? m : 'plain')}
              />
              {t(key)}
            </label>
          ))}
        </div>
      }
    >
      {groups.map((group) => (
        <article
          key={group.matchId}
          className={`${styles.card} ${redirect ? styles.clickable : ''}`}
          onClick={redirect ? () => navigate(betTarget(group.sportId, group.matchId)) : undefined}
          onKeyDown={
            redirect
              ? (e) => e.key === 'Enter' && navigate(betTarget(group.sportId, group.matchId))
              : undefined
          }
          tabIndex={redirect ? 0 : undefined}
        >
          <header className={styles.cardHead}>
            <h3>{group.matchName}</h3>
            <time dateTime={group.at}>{groupDate(group.at)}</time>
          </header>
          <BetTable lines={group.lines} />
        </article>
      ))}
    </BetSection>
  )
}

function BetTable({ lines }: { lines: ReturnType<typeof groupBets>[number]['lines'] }) {
  const { t } = useTranslation()
  const session = lines.some((l) => l.bet.is_fancy === 1)
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th>{t('openbets.selection')}</th>
          {session ? <th>{t('openbets.runs')}</th> : null}
          <th>{t('openbets.odds')}</th>
          <th>{t('openbets.stake')}</th>
          <th>{t('openbets.pl')}</th>
          <th>
            <span className={styles.visuallyHidden}>{t('openbets.history.button')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr
            key={l.key}
            className={l.bet.is_back === 1 ? styles.backRow : styles.layRow}
            data-testid="bet-line"
          >
            <td>
              {l.bet.selection_name}
              <span className={styles.market}>{l.bet.market_name}</span>
            </td>
            {session ? <td>{l.bet.run ?? '-'}</td> : null}
            <td>{l.bet.is_fancy === 1 ? (l.bet.size ?? l.odds) : formatOdds(l.odds)}</td>
            <td>{formatMoney(l.stake)}</td>
            <td>{formatMoney(l.pl)}</td>
            <td>
              {l.count === 1 ? (
                <BetHistoryButton betId={l.bet.bet_id} name={l.bet.selection_name} />
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
