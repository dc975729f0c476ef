import * as Dialog from 'radix-ui/dialog'
import { useTranslation } from 'react-i18next'
import styles from './bottom-bar.module.css'

/** Betting §2 Coming Soon popup: the racing sport is not offered yet. */
export function ComingSoon({ sport, onClose }: { sport: string | null; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Dialog.Root open={sport !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <Dialog.Title className={styles.title}>{t('navigation.comingSoon.title')}</Dialog.Title>
          <Dialog.Description>{t('navigation.comingSoon.text', { sport })}</Dialog.Description>
          <Dialog.Close className={styles.ok}>{t('navigation.comingSoon.ok')}</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
