import { CASH_OUT_SHARES } from '@backlay/contract/bets'
import { useQueryClient } from '@tanstack/react-query'
import * as Dialog from 'radix-ui/dialog'
import * as Slider from 'radix-ui/slider'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney } from '../../../lib/format'
import type { DialogState } from '../../../lib/lazy-overlay'
import { showToast } from '../../../lib/toast'
import { refreshAfterBet } from '../../bet-slip/api/place-bet'
import { Processing } from '../../bet-slip/components/processing'
import { cashOutMarket, useCashOutQuote } from '../api/cash-out'
import { AutoCashOutForm } from './auto-cash-out-form'
import styles from './cash-out.module.css'

/** The market a cash-out is for. */
export interface CashOutMarket {
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
 * what it locks in at the prices of now. Each opening starts from the whole position.
 */
export function CashOutDialog({
  marketId,
  marketName,
  betDelay,
  open,
  onOpenChange,
}: CashOutMarket & DialogState) {
  const { t } = useTranslation()
  const client = useQueryClient()
  const [until, setUntil] = useState<number | null>(null)
  const [share, setShare] = useState(ALL)
  const processing = until !== null
  const quote = useCashOutQuote(marketId, share, open && !processing)

  const close = () => {
    setShare(ALL)
    onOpenChange(false)
  }
  const run = async () => {
    setUntil(Date.now() + betDelay * 1000)
    const result = await cashOutMarket(marketId, share)
    setUntil(null)
    close()
    showToast({ type: result.ok ? 'success' : 'error', message: result.msg, shell: true })
    refreshAfterBet(client)
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !processing && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <Dialog.Title className={styles.title}>{t('betslip.cashOut')}</Dialog.Title>
          {processing ? (
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
}
