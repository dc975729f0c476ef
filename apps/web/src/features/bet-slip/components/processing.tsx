import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useBetSlip } from '../stores/bet-slip-store'
import styles from './bet-slip.module.css'

/** Seconds left until `until` (epoch ms), ticking every 250 ms so the number never lags a second. */
export function useCountdown(until: number | null): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (until === null) return
    const timer = setInterval(() => setNow(Date.now()), 250)
    return () => clearInterval(timer)
  }, [until])
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000))
}

/** Stage 2 / cash-out processing: spinner, the two §2 texts and the delay counting down. */
export function Processing({ until }: { until: number | null }) {
  const { t } = useTranslation()
  const left = useCountdown(until)
  return (
    <div className={styles.processing} role="status" aria-live="polite">
      <div className={styles.spinner} aria-hidden="true">
        <span className={styles.count}>{left}</span>
      </div>
      <p>{t('betslip.processing')}</p>
      <p className={styles.wait}>{t('betslip.pleaseWait')}</p>
    </div>
  )
}

export function SlipProcessing() {
  const until = useBetSlip((s) => s.processingUntil)
  return <Processing until={until} />
}
