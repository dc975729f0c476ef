import type { PriceSize } from '@backlay/contract/market'
import { useTranslation } from 'react-i18next'
import { formatOdds, formatVolume } from '../../../lib/format'
import styles from './home.module.css'

/** Best offer on one side; an empty side still takes its place so the grid stays aligned. */
export function PriceCell({ side, offer }: { side: 'back' | 'lay'; offer: PriceSize | undefined }) {
  const { t } = useTranslation()
  return (
    <span
      className={`${styles.price} ${styles[side]} ${offer ? '' : styles.empty}`}
      title={t(`home.${side}`)}
    >
      <span className={styles.priceValue}>{offer ? formatOdds(offer.price) : '–'}</span>
      {offer ? <span className={styles.size}>{formatVolume(offer.size)}</span> : null}
    </span>
  )
}
