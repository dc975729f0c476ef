import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { lazyNamed, OnceOpened } from '../../../lib/lazy-overlay'
import { useLoginUiStore } from '../../auth/stores/login-ui-store'
import { isTickerMessage, useMessages } from '../api/get-messages'
import styles from './notifications.module.css'

const NotificationPanel = lazyNamed(() => import('./notification-panel'), 'NotificationPanel')

/** Shell §2 bell with the count of messages not on the ticker; a click opens or closes the panel. */
export function NotificationBell() {
  const { t } = useTranslation()
  const open = useLoginUiStore((s) => s.notificationsPanel)
  const setOpen = useLoginUiStore((s) => s.setNotificationsPanel)
  const messages = (useMessages().data ?? []).filter((m) => !isTickerMessage(m))
  const bell = useRef<HTMLButtonElement>(null)

  return (
    <>
      <button
        ref={bell}
        type="button"
        className={styles.bell}
        aria-label={t('notifications.bell', { count: messages.length })}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"
          />
        </svg>
        <span className={styles.count}>{messages.length}</span>
      </button>
      <OnceOpened open={open}>
        <NotificationPanel open={open} onOpenChange={setOpen} anchor={bell} messages={messages} />
      </OnceOpened>
    </>
  )
}
