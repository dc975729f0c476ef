import { useQueryClient } from '@tanstack/react-query'
import { Dialog } from 'radix-ui'
import { memo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { showToast } from '../../../lib/toast'
import { refreshAfterBet } from '../../bet-slip/api/place-bet'
import { Processing } from '../../bet-slip/components/processing'
import { cashOutMarket } from '../api/cash-out'
import styles from './cash-out.module.css'

type Stage = 'closed' | 'confirm' | 'processing'

interface CashOutButtonProps {
  marketId: string
  marketName: string
  /** seconds */
  betDelay: number
}

/**
 * §4 cash-out flow: confirm, processing with the bet delay counting down, then the outcome.
 * It takes the market's fields rather than the market so a price tick leaves it alone.
 */
export const CashOutButton = memo(function CashOutButton({
  marketId,
  marketName,
  betDelay,
}: CashOutButtonProps) {
  const { t } = useTranslation()
  const client = useQueryClient()
  const [stage, setStage] = useState<Stage>('closed')
  const [until, setUntil] = useState<number | null>(null)

  const run = async () => {
    setStage('processing')
    setUntil(Date.now() + betDelay * 1000)
    const result = await cashOutMarket(marketId)
    setStage('closed')
    setUntil(null)
    showToast({ type: result.ok ? 'success' : 'error', message: result.msg, shell: true })
    refreshAfterBet(client)
  }

  return (
    <Dialog.Root
      open={stage !== 'closed'}
      onOpenChange={(open) => stage !== 'processing' && setStage(open ? 'confirm' : 'closed')}
    >
      <Dialog.Trigger asChild>
        <button type="button" className={styles.button}>
          {t('betslip.cashOut')}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <Dialog.Title className={styles.title}>{t('betslip.cashOut')}</Dialog.Title>
          {stage === 'processing' ? (
            <>
              <Dialog.Description className={styles.hidden}>
                {t('betslip.processing')}
              </Dialog.Description>
              <Processing until={until} />
            </>
          ) : (
            <>
              <Dialog.Description>
                {t('betslip.cashOutConfirm', { market: marketName })}
              </Dialog.Description>
              <div className={styles.actions}>
                <Dialog.Close asChild>
                  <button type="button" className={styles.secondary}>
                    {t('betslip.cancel')}
                  </button>
                </Dialog.Close>
                <button type="button" className={styles.primary} onClick={() => void run()}>
                  {t('betslip.confirm')}
                </button>
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
})
