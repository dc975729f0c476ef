import * as Dialog from 'radix-ui/dialog'
import { useTranslation } from 'react-i18next'
import { useBetSlip } from '../stores/bet-slip-store'
import styles from './bet-slip.module.css'
import { BetSlipForm } from './bet-slip-form'
import { SlipProcessing } from './processing'

/** Stage 1 (confirm) centred on desktop and full screen below it, then stage 2 (processing). */
export function ConfirmPopupDialog({ open, desktop }: { open: boolean; desktop: boolean }) {
  const { t } = useTranslation()
  const stage = useBetSlip((s) => s.stage)
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && stage === 'confirm') useBetSlip.getState().cancel()
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={`${styles.popup} ${desktop ? styles.centred : styles.fullScreen}`}
          onInteractOutside={(e) => stage === 'processing' && e.preventDefault()}
          onEscapeKeyDown={(e) => stage === 'processing' && e.preventDefault()}
        >
          <Dialog.Title className={styles.popupTitle}>
            {t(stage === 'processing' ? 'betslip.processingTitle' : 'betslip.title')}
          </Dialog.Title>
          <Dialog.Description className={styles.visuallyHidden}>
            {t('betslip.popupDescription')}
          </Dialog.Description>
          {stage === 'processing' ? <SlipProcessing /> : <BetSlipForm />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
