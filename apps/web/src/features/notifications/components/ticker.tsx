import { useTranslation } from 'react-i18next'
import { isTickerMessage, useMessages } from '../api/get-messages'
import styles from './notifications.module.css'

/** Shell §2 scrolling strip of notification messages. */
export function Ticker() {
  const { t } = useTranslation()
  const messages = (useMessages().data ?? []).filter(isTickerMessage)
  if (messages.length === 0) return null
  return (
    <section className={styles.ticker} aria-label={t('notifications.ticker')}>
      <p className={styles.tickerTrack}>
        {messages.map((m) => (
          <span key={m.id} className={styles.tickerItem}>
            {m.text}
          </span>
        ))}
      </p>
    </section>
  )
}
