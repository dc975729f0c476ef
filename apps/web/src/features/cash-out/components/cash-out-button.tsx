import { CASH_OUT_SHARES } from '@backlay/contract/bets'
import { useQueryClient } from '@tanstack/react-query'
import { Dialog, Slider } from 'radix-ui'
import { memo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney } from '../../../lib/format'
import { showToast } from '../../../lib/toast'
import { refreshAfterBet } from '../../bet-slip/api/place-bet'
import { Processing } from '../../bet-slip/components/processing'
import { cashOutMarket, useCashOutQuote } from '../api/cash-out'
import { AutoCashOutForm } from './auto-cash-out-form'
import styles from './cash-out.module.css'

type Stage = 'closed' | 'confirm' | 'processing'

interface CashOutButtonProps {
  marketId: string
  marketName: string
  /** seconds */
  betDelay: number
}

const ALL = 100
const [FEWEST] = CASH_OUT_SHARES

/**
 * §4 cash-out flow: confirm, processing with the bet delay counting down, then the outcome.
 * Before confirming the player picks the share of the position to cash out (10–100 %) and sees
 * what it locks in at the prices of now. It takes the market's fields rather than the market so
 * a price tick leaves it alone.
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
  const [share, setShare] = useState(ALL)
  const quote = useCashOutQuote(marketId, share, stage === 'confirm')

  const run = async () => {
    setStage('processing')
    setUntil(Date.now() + betDelay * 1000)
    const result = await cashOutMarket(marketId, share)
    setStage('closed')
    setUntil(null)
    showToast({ type: result.ok ? 'success' : 'error', message: result.msg, shell: true })
    refreshAfterBet(client)
  }

  return (
    <Dialog.Root
      open={stage !== 'closed'}
      onOpenChange={(open) => {
        if (stage === 'processing') return
        setShare(ALL)
        setStage(open ? 'confirm' : 'closed')
      }}
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
              <div className={styles.share}>
                <span>{t('betslip.cashOutShare', { share })}</span>
                <Slider.Root
                  className={styles.slider}
                  min={FEWEST}
                  max={ALL}
                  step={FEWEST}
                  value={[share]}
                  onValueChange={([value]) => setShare(value ?? ALL)}
                >
                  <Slider.Track className={styles.track}>
                    <Slider.Range className={styles.range} />
                  </Slider.Track>
                  <Slider.Thumb
                    className={styles.thumb}
                    aria-label={t('betslip.cashOutShareLabel')}
                  />
                </Slider.Root>
              </div>
              <p
                className={(quote.data?.amount ?? 0) < 0 ? styles.loss : styles.value}
                data-testid="cash-out-value"
                aria-live="polite"
              >
                {quote.error
                  ? quote.error.message
                  : quote.data
                    ? t('betslip.cashOutValue', {
                        share: quote.data.share,
                        amount: formatMoney(quote.data.amount),
                      })
                    : t('betslip.cashOutQuoting')}
              </p>
              <div className={styles.actions}>
                <Dialog.Close asChild>
                  <button type="button" className={styles.secondary}>
                    {t('betslip.cancel')}
                  </button>
                </Dialog.Close>
                <button
                  type="button"
                  className={styles.primary}
                  disabled={Boolean(quote.error)}
                  onClick={() => void run()}
                >
                  {t('betslip.confirm')}
                </button>
              </div>
              <AutoCashOutForm marketId={marketId} />
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
})
