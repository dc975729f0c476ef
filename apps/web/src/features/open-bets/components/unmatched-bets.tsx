import type { Bet } from '@backlay/contract/bets'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney, formatOdds } from '../../../lib/format'
import { showToast } from '../../../lib/toast'
import { refreshAfterBet } from '../../bet-slip/api/place-bet'
import {
  cancelUnmatchedBet,
  cancelUnmatchedBetAll,
  changePersistence,
  useUnmatchedBets,
} from '../api/get-open-bets'
import { BetHistoryButton } from './bet-history'
import { BetSection } from './bet-section'
import styles from './open-bets.module.css'

/** Resting bets with Cancel per bet and Cancel All per market (§4). */
export function UnmatchedBets({ matchId, poll }: { matchId?: string; poll: boolean }) {
  const { t } = useTranslation()
  const client = useQueryClient()
  const [busy, setBusy] = useState(false)
  const bets = useUnmatchedBets(matchId ? { matchId } : {}, { poll })
  const title = t('openbets.unmatchedBets')
  const markets = new Map<string, Bet[]>()
  for (const bet of bets.data ?? [])
    markets.set(bet.market_id, [...(markets.get(bet.market_id) ?? []), bet])

  /** Runs a change and toasts its own message (a cancel says it was cancelled). */
  const run = async (action: () => Promise<{ msg?: string | undefined }>) => {
    setBusy(true)
    try {
      const answer = await action()
      showToast({ type: 'success', message: answer.msg || t('openbets.cancelled'), shell: true })
    } catch (error) {
      showToast({ type: 'error', message: (error as Error).message, shell: true })
    } finally {
      setBusy(false)
      refreshAfterBet(client)
    }
  }

  return (
    <BetSection title={title} empty={markets.size === 0}>
      {[...markets.entries()].map(([marketId, list]) => (
        <article key={marketId} className={styles.card} aria-label={list[0]?.market_name}>
          <header className={styles.cardHead}>
            <h3>
              {list[0]?.match_name} · {list[0]?.market_name}
            </h3>
            <button
              type="button"
              className={styles.cancelAll}
              disabled={busy}
              onClick={() => void run(() => cancelUnmatchedBetAll(marketId))}
            >
              {t('openbets.cancelAll')}
            </button>
          </header>
          <table className={styles.table}>
            <thead>
              <tr>
                <th>{t('openbets.selection')}</th>
                <th>{t('openbets.odds')}</th>
                <th>{t('openbets.stake')}</th>
                <th>{t('openbets.inPlay')}</th>
                <th>
                  <span className={styles.visuallyHidden}>{t('openbets.cancel')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((bet) => (
                <tr
                  key={bet.bet_id}
                  className={bet.is_back === 1 ? styles.backRow : styles.layRow}
                  data-testid="unmatched-line"
                >
                  <td>{bet.selection_name}</td>
                  <td>{formatOdds(bet.odds)}</td>
                  <td>{formatMoney(bet.stack)}</td>
                  <td>
                    {bet.persistence ? (
                      <input
                        type="checkbox"
                        checked={bet.persistence === 'PERSIST'}
                        disabled={busy}
                        aria-label={t('openbets.keepBet', { name: bet.selection_name })}
                        onChange={(e) =>
                          void run(() =>
                            changePersistence(bet.bet_id, e.target.checked ? 'PERSIST' : 'LAPSE'),
                          )
                        }
                      />
                    ) : null}
                  </td>
                  <td className={styles.actions}>
                    <BetHistoryButton betId={bet.bet_id} name={bet.selection_name} />
                    <button
                      type="button"
                      className={styles.cancelOne}
                      disabled={busy}
                      aria-label={t('openbets.cancelBet', { name: bet.selection_name })}
                      onClick={() => void run(() => cancelUnmatchedBet(bet.bet_id))}
                    >
                      {t('openbets.cancel')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </article>
      ))}
    </BetSection>
  )
}
