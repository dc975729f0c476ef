import * as Dialog from 'radix-ui/dialog'
import { useTranslation } from 'react-i18next'
import styles from './casino.module.css'

/**
 * Betting §2 slot-casino notice: slot balances are in points (§1: 10 = 1 Point). It closes only
 * through 'OK I AGREE', so nobody plays a slot without having seen it.
 */
export function SlotNotice({ open, onAgree }: { open: boolean; onAgree: () => void }) {
  const { t } = useTranslation()
  return (
    <Dialog.Root open={open}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.noticeOverlay} />
        <Dialog.Content
          className={styles.notice}
          onEscapeKeyDown={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
        >
          <Dialog.Title className={styles.noticeTitle}>{t('casino.slotNotice.title')}</Dialog.Title>
          <p className={styles.points}>{t('casino.slotNotice.points')}</p>
          <Dialog.Description>{t('casino.slotNotice.text')}</Dialog.Description>
          <button type="button" className={styles.agree} onClick={onAgree}>
            {t('casino.slotNotice.agree')}
          </button>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
