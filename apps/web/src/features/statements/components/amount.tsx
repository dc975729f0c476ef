import { formatMoney } from '../../../lib/format'
import styles from './statements.module.css'

/** An amount in Indian grouping, green when positive and red when negative. */
export function Amount({ value, signed = false }: { value: number; signed?: boolean }) {
  const tone = !signed || value === 0 ? undefined : value > 0 ? styles.positive : styles.negative
  return <span className={tone}>{formatMoney(value)}</span>
}
