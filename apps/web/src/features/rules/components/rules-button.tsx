import { useTranslation } from 'react-i18next'
import { DialogButton, lazyNamed } from '../../../lib/lazy-overlay'
import styles from './rules.module.css'

const RulesDialog = lazyNamed(() => import('./rules-popup'), 'RulesDialog')

/** The event header's Rules button (betting §2); the popup's code arrives when first opened. */
export function RulesButton() {
  const { t } = useTranslation()
  return (
    <DialogButton className={styles.trigger} dialog={(state) => <RulesDialog {...state} />}>
      {t('rules.open')}
    </DialogButton>
  )
}
