import { Popover } from 'radix-ui'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLoginUiStore } from '../../auth/stores/login-ui-store'
import { isTickerMessage, useMessages } from '../api/get-messages'
import styles from './notifications.module.css'

type Permission = NotificationPermission | 'unsupported'

const readPermission = (): Permission =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission

/**
 * Shell §2 bell: a panel (at most 300 px high) of the messages not on the ticker, 'All caught
 * up!' when none; blocked browser notifications are explained. Closes on an outside click.
 */
export function NotificationBell() {
  const { t } = useTranslation()
  const open = useLoginUiStore((s) => s.notificationsPanel)
  const setOpen = useLoginUiStore((s) => s.setNotificationsPanel)
  const messages = (useMessages().data ?? []).filter((m) => !isTickerMessage(m))
  const [permission, setPermission] = useState<Permission>(readPermission)
  useEffect(() => {
    if (open) setPermission(readPermission())
  }, [open])

  const ask = async () => {
    if (typeof Notification === 'undefined') return
    setPermission(await Notification.requestPermission())
  }

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        className={styles.bell}
        aria-label={t('notifications.bell', { count: messages.length })}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"
          />
        </svg>
        <span className={styles.count}>{messages.length}</span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className={styles.panel} align="end" sideOffset={8}>
          <h2 className={styles.panelTitle}>
            {t('notifications.title')} <span className={styles.panelCount}>{messages.length}</span>
          </h2>
          {permission === 'denied' ? (
            <div className={styles.blocked} role="note">
              <strong>{t('notifications.blocked')}</strong>
              <p>{t('notifications.unblockHelp')}</p>
            </div>
          ) : permission === 'default' ? (
            <button type="button" className={styles.enable} onClick={ask}>
              {t('notifications.enable')}
            </button>
          ) : null}
          {messages.length === 0 ? (
            <p className={styles.empty}>{t('notifications.allCaughtUp')}</p>
          ) : (
            <ul className={styles.list}>
              {messages.map((m) => (
                <li key={m.id}>{m.text}</li>
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
