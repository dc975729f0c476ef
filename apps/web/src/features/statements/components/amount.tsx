import { formatMoney } from '../../../lib/format'
import type { Column } from './statement-page'
import styles from './statements.module.css'

/** An amount in Indian grouping, green when positive and red when negative. */
export function Amount({ value, signed = false }: { value: number; signed?: boolean }) {
  const tone = !signed || value === 0 ? undefined : value > 0 ? styles.positive : styles.negative
  return <span className={tone}>{formatMoney(value)}</span>
}

/** A right-aligned column showing one amount of each row. */
export function amountColumn<T>(
  key: string,
  header: string,
  value: (row: T) => number,
  signed = false,
): Column<T> {
  return {
    key,
    header,
    numeric: true,
    cell: (row) => <Amount value={value(row)} signed={signed} />,
  }
}
