import { useTranslation } from 'react-i18next'
import { DialogButton, lazyNamed } from '../../../lib/lazy-overlay'
import styles from './bet-history.module.css'

const BetHistoryDialog = lazyNamed(() => import('./bet-history-dialog'), 'BetHistoryDialog')

/** A bet's "History" button; the dialog's code arrives when it is first opened. */
export function BetHistoryButton({ betId, name }: { betId: string; name: string }) {
  const { t } = useTranslation()
  return (
    <DialogButton
      className={styles.button}
      aria-label={t('openbets.history.open', { name })}
      title={t('openbets.history.open', { name })}
      onClick={(e) => e.stopPropagation()}
      dialog={(state) => <BetHistoryDialog betId={betId} name={name} {...state} />}
    >
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
        <circle cx="8" cy="8" r="6.5" stroke="currentColor" fill="none" />
        <path d="M8 4v4l3 2" stroke="currentColor" fill="none" />
      </svg>
    </DialogButton>
  )
}
