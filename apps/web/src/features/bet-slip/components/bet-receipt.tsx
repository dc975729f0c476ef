import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney, formatOdds } from '../../../lib/format'
import { useOpenBets, useUnmatchedBets } from '../../open-bets/api/get-open-bets'
import { useDesktop } from '../hooks/use-desktop'
import { type Receipt, receiptProgress } from '../receipt'
import { useBetReceipt } from '../stores/bet-receipt-store'
import styles from './bet-receipt.module.css'

/**
 * The last bet's receipt: what matched (at its average price), what rests and what left the
 * book, followed live from the open bet lists until the player closes it. In the sidebar from
 * 1024 px (`placement="sidebar"`), else as a card above the bottom bar (`placement="sheet"`).
 */
export function BetReceipt({ placement }: { placement: 'sidebar' | 'sheet' }) {
  const desktop = useDesktop()
  const receipt = useBetReceipt((s) => s.receipt)
  if (!receipt || desktop !== (placement === 'sidebar')) return null
  return <ReceiptCard receipt={receipt} placement={placement} />
}

function ReceiptCard({ receipt, placement }: { receipt: Receipt; placement: 'sidebar' | 'sheet' }) {
  const { t } = useTranslation()
  const dismiss = useBetReceipt((s) => s.dismiss)
  const scope = { matchId: receipt.matchId }
  const matchedList = useOpenBets(scope, { poll: true })
  const restingList = useUnmatchedBets(scope, { poll: true })
  const matchedPart = matchedList.data?.find((b) => b.bet_id === receipt.betId)
  const restingPart = restingList.data?.find((b) => b.bet_id === receipt.betId)
  // Once the lists have shown the bet, its absence from both means it left the book.
  const listed = useBetReceipt((s) => s.listed)
  const markListed = useBetReceipt((s) => s.markListed)
  const inLists = matchedPart !== undefined || restingPart !== undefined
  useEffect(() => {
    if (inLists) markListed()
  }, [inLists, markListed])
  const progress = receiptProgress(receipt, matchedPart, restingPart, listed || inLists)
  const share = receipt.stake > 0 ? Math.round((progress.matched / receipt.stake) * 100) : 0
  return (
    <section
      className={`${styles.receipt} ${placement === 'sheet' ? styles.sheet : ''}`}
      aria-label={t('betslip.receipt.title')}
    >
      <header className={styles.head}>
        <strong>{t('betslip.receipt.title')}</strong>
        <button
          type="button"
          className={styles.close}
          onClick={dismiss}
          aria-label={t('betslip.receipt.close')}
        >
          ×
        </button>
      </header>
      <p className={receipt.isBack ? styles.back : styles.lay}>
        {t(receipt.isBack ? 'betslip.receipt.backLine' : 'betslip.receipt.layLine', {
          runner: receipt.runnerName,
          market: receipt.marketName,
          stake: formatMoney(receipt.stake),
          odds: formatOdds(receipt.price),
        })}
      </p>
      <div
        className={styles.meter}
        role="progressbar"
        aria-label={t('betslip.receipt.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={share}
      >
        <span style={{ width: `${share}%` }} />
      </div>
      <dl className={styles.parts}>
        <dt>{t('betslip.receipt.matched')}</dt>
        <dd>
          {progress.avgOdds === null
            ? formatMoney(progress.matched)
            : t('betslip.receipt.matchedAt', {
                amount: formatMoney(progress.matched),
                odds: formatOdds(progress.avgOdds),
              })}
        </dd>
        <dt>{t('betslip.receipt.unmatched')}</dt>
        <dd>{formatMoney(progress.resting)}</dd>
        {progress.cancelled > 0 ? (
          <>
            <dt>{t('betslip.receipt.cancelled')}</dt>
            <dd>{formatMoney(progress.cancelled)}</dd>
          </>
        ) : null}
      </dl>
    </section>
  )
}
