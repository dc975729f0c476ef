import { formatMoney } from '../../../lib/format'
import styles from './markets.module.css'

/** The player's P/L on a runner if it wins: green above 0, red below, hidden without a position. */
export function Exposure({ amount, label }: { amount: number | null | undefined; label: string }) {
  if (amount === null || amount === undefined || amount === 0) return null
  return (
    <span className={amount > 0 ? styles.plUp : styles.plDown} title={label} data-testid="exposure">
      {formatMoney(amount)}
    </span>
  )
}
