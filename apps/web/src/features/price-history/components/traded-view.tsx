import type { RunnerHistory } from '@backlay/contract/price-history'
import { useTranslation } from 'react-i18next'
import { formatMoney, formatOdds } from '../../../lib/format'
import styles from './price-history.module.css'

/** Matched volume at each price, highest price first, the last traded price marked (Betfair's "traded"). */
export function TradedView({ runner }: { runner: RunnerHistory }) {
  const { t } = useTranslation()
  const most = Math.max(...runner.traded.map((p) => p.volume), 0)
  return (
    <table className={styles.traded}>
      <thead>
        <tr>
          <th scope="col">{t('pricehistory.price')}</th>
          <th scope="col">{t('pricehistory.volume')}</th>
        </tr>
      </thead>
      <tbody>
        {[...runner.traded].reverse().map((level) => (
          <tr
            key={level.price}
            className={level.price === runner.lastTradedPrice ? styles.last : undefined}
          >
            <th scope="row">{formatOdds(level.price)}</th>
            <td>
              <span
                className={styles.bar}
                style={{ width: `${most > 0 ? (level.volume / most) * 100 : 0}%` }}
              />
              <span className={styles.amount}>{formatMoney(level.volume)}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
