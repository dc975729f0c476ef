import { PHONE_LENGTH_BY_COUNTRY_CODE } from '@backlay/contract/limits'
import type { SelectHTMLAttributes } from 'react'
import { useTranslation } from 'react-i18next'
import styles from './auth.module.css'

/** The calling codes whose phone length shell §5 fixes; India first. */
export const COUNTRY_CODES = [
  '+91',
  ...Object.keys(PHONE_LENGTH_BY_COUNTRY_CODE)
    .filter((c) => c !== '91')
    .map((c) => `+${c}`),
]

export function CountrySelect(props: SelectHTMLAttributes<HTMLSelectElement>) {
  const { t } = useTranslation()
  return (
    <select className={styles.country} aria-label={t('auth.country')} {...props}>
      {COUNTRY_CODES.map((code) => (
        <option key={code} value={code}>
          {code}
        </option>
      ))}
    </select>
  )
}
