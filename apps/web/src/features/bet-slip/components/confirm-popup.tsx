import { Dialog } from 'radix-ui'
import { useTranslation } from 'react-i18next'
import { OnceOpened } from '../../../lib/lazy-overlay'
import { useDesktop } from '../hooks/use-desktop'
import { useBetSlip } from '../stores/bet-slip-store'
import styles from './bet-slip.module.css'
import { BetSlipForm } from './bet-slip-form'
import { SlipProcessing } from './processing'

/**
 * The bet popup of §2: stage 1 (confirm) centred from 1024 px and full screen below, then stage 2
 * (processing). On desktop with confirmation off, stage 1 lives in the sidebar slip instead.
 */
export function ConfirmPopup() {
  const { t } = useTranslation()
  const desktop = useDesktop()
  const stage = useBetSlip((s) => s.stage)
  const confirmation = useBetSlip((s) => s.confirmation)
  const fromOneClick = useBetSlip((s) => s.selection?.fromOneClick === true)
  const open =
    stage === 'processing' || (stage === 'confirm' && (confirmation || !desktop || fromOneClick))
  return (
    <OnceOpened open={open}>
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
    </OnceOpened>
  )
}
