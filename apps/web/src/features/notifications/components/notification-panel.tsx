import type { NotificationMessage } from '@backlay/contract/brand'
import * as Popover from 'radix-ui/popover'
import { type RefObject, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styles from './notifications.module.css'

type Permission = NotificationPermission | 'unsupported'

const readPermission = (): Permission =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission

interface NotificationPanelProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The bell: the panel hangs below it, and a click on it is the bell's own toggle. */
  anchor: RefObject<HTMLButtonElement | null>
  messages: NotificationMessage[]
}

/**
 * Shell §2 bell panel (at most 300 px high): the messages not on the ticker, 'All caught up!'
 * when none; blocked browser notifications are explained. Closes on an outside click.
 */
export function NotificationPanel({
  open,
  onOpenChange,
  anchor,
  messages,
}: NotificationPanelProps) {
  const { t } = useTranslation()
  const [permission, setPermission] = useState<Permission>(readPermission)
  useEffect(() => {
    if (open) setPermission(readPermission())
  }, [open])

  const ask = async () => {
    if (typeof Notification === 'undefined') return
    setPermission(await Notification.requestPermission())
  }

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={anchor as RefObject<HTMLButtonElement>} />
      <Popover.Portal>
        <Popover.Content
          className={styles.panel}
          align="end"
          sideOffset={8}
          onInteractOutside={(event) => {
            if (anchor.current?.contains(event.target as Node)) event.preventDefault()
          }}
        >
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
