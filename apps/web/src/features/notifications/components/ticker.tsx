import { useTranslation } from 'react-i18next'
import { isTickerMessage, useMessages } from '../api/get-messages'
import styles from './notifications.module.css'

/** Shell §2 scrolling strip of notification messages. */
export function Ticker() {
  const { t } = useTranslation()
  const query = useMessages()
  const messages = (query.data ?? []).filter(isTickerMessage)
  // The strip holds its line while the messages load, so the header does not jump when they come.
  if (query.isPending) return <div className={styles.ticker} aria-hidden="true" />
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
