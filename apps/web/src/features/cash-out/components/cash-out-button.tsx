import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { DialogButton, lazyNamed } from '../../../lib/lazy-overlay'
import styles from './cash-out.module.css'
import type { CashOutMarket } from './cash-out-dialog'

const CashOutDialog = lazyNamed(() => import('./cash-out-dialog'), 'CashOutDialog')

/**
 * A market's Cash Out button (§4); the dialog's code arrives when it is first opened. It takes
 * the market's fields rather than the market so a price tick leaves it alone.
 */
export const CashOutButton = memo(function CashOutButton(market: CashOutMarket) {
  const { t } = useTranslation()
  return (
    <DialogButton
      className={styles.button}
      dialog={(state) => <CashOutDialog {...market} {...state} />}
    >
      {t('betslip.cashOut')}
    </DialogButton>
  )
})
