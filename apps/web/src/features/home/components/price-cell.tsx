import type { PriceSize } from '@backlay/contract/market'
import { formatOdds, formatVolume } from '../../../lib/format'
import styles from './home.module.css'

/** Best offer on one side; an empty side still takes its place so the grid stays aligned. */
export function PriceCell({
  side,
  title,
  offer,
}: {
  side: 'back' | 'lay'
  /** 'Back' or 'Lay', translated once by the row rather than by each of its six cells. */
  title: string
  offer: PriceSize | undefined
}) {
  return (
    <span className={`${styles.price} ${styles[side]} ${offer ? '' : styles.empty}`} title={title}>
      <span className={styles.priceValue}>{offer ? formatOdds(offer.price) : '–'}</span>
      {offer ? <span className={styles.size}>{formatVolume(offer.size)}</span> : null}
    </span>
  )
}
