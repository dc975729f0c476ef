import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney } from '../../../lib/format'
import { useBalance } from '../../account/api/get-balance'
import styles from './open-bets.module.css'

/** §2 balance panel: Free Cash is always 0.00 and the liability reads as Net Exposure. */
export function AvailableCredit() {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const balance = useBalance()
  return (
    <section className={styles.section} aria-label={t('openbets.availableCredit')}>
      <button
        type="button"
        className={styles.sectionHead}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {t('openbets.availableCredit')}
        <span>{formatMoney(balance.data?.balance ?? 0)}</span>
      </button>
      {open ? (
        <dl className={styles.credit}>
          <dt>{t('openbets.availableCredit')}</dt>
          <dd>{formatMoney(balance.data?.balance ?? 0)}</dd>
          <dt>{t('openbets.freeCash')}</dt>
          <dd>{formatMoney(0)}</dd>
          <dt>{t('openbets.netExposure')}</dt>
          <dd>{formatMoney(balance.data?.liability ?? 0)}</dd>
        </dl>
      ) : null}
    </section>
  )
}
