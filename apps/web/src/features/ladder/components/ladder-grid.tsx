import type { Bet } from '@backlay/contract/bets'
import type { RunnerDepth } from '@backlay/contract/ladder'
import type { Virtualizer } from '@tanstack/react-virtual'
import { useTranslation } from 'react-i18next'
import { formatMoney, formatOdds, formatVolume } from '../../../lib/format'
import { LADDER_PRICES, sizeAt } from '../ladder-prices'
import styles from './ladder.module.css'

/**
 * The ladder's table: a row for every price of the ladder, only those in view drawn (the rest
 * held by two spacer rows), each with what waits there to back and to lay, the player's own
 * unmatched bets there (a click cancels one) and what matched there.
 */
export function LadderGrid({
  runner,
  rows,
  focusRow,
  mine,
  onBet,
  onCancel,
}: {
  runner: RunnerDepth | undefined
  rows: Virtualizer<HTMLDivElement, HTMLTableRowElement>
  focusRow: number
  mine: readonly Bet[]
  onBet: (isBack: boolean, price: number) => void
  onCancel: (bets: readonly Bet[]) => void
}) {
  const { t } = useTranslation()
  const back = sizeAt(runner?.back)
  const lay = sizeAt(runner?.lay)
  const traded = sizeAt(runner?.traded)
  const items = rows.getVirtualItems()
  const before = (items[0]?.start ?? 0) - rows.options.paddingStart
  const after = rows.getTotalSize() - (items.at(-1)?.end ?? 0)
  return (
    <table
      className={styles.table}
      aria-label={t('ladder.grid')}
      aria-rowcount={LADDER_PRICES.length}
    >
      <thead>
        <tr>
          <th scope="col">{t('ladder.mine')}</th>
          <th scope="col">{t('ladder.back')}</th>
          <th scope="col">{t('ladder.price')}</th>
          <th scope="col">{t('ladder.lay')}</th>
          <th scope="col">{t('ladder.traded')}</th>
        </tr>
      </thead>
      <tbody>
        {before > 0 ? <tr aria-hidden style={{ height: before }} /> : null}
        {items.map((item) => {
          const price = LADDER_PRICES[item.index] as number
          return (
            <Row
              key={price}
              index={item.index}
              measure={rows.measureElement}
              price={price}
              back={back.get(price) ?? 0}
              lay={lay.get(price) ?? 0}
              traded={traded.get(price) ?? 0}
              focused={item.index === focusRow}
              last={price === runner?.lastTradedPrice}
              mine={mine.filter((b) => b.odds === price)}
              onBet={onBet}
              onCancel={onCancel}
            />
          )
        })}
        {after > 0 ? <tr aria-hidden style={{ height: after }} /> : null}
      </tbody>
    </table>
  )
}

function Row({
  index,
  measure,
  price,
  back,
  lay,
  traded,
  focused,
  last,
  mine,
  onBet,
  onCancel,
}: {
  index: number
  measure: (row: HTMLTableRowElement | null) => void
  price: number
  back: number
  lay: number
  traded: number
  focused: boolean
  last: boolean
  mine: readonly Bet[]
  onBet: (isBack: boolean, price: number) => void
  onCancel: (bets: readonly Bet[]) => void
}) {
  const { t } = useTranslation()
  const shown = formatOdds(price)
  const className = [focused ? styles.focused : '', last ? styles.last : ''].join(' ').trim()
  return (
    <tr
      ref={measure}
      data-index={index}
      aria-rowindex={index + 2}
      className={className || undefined}
      data-price={price}
    >
      <td className={styles.mine}>
        {mine.map((b) => (
          <button
            key={b.bet_id}
            type="button"
            className={b.is_back === 1 ? styles.mineBack : styles.mineLay}
            aria-label={t(b.is_back === 1 ? 'ladder.cancelBack' : 'ladder.cancelLay', {
              stake: formatMoney(b.stack),
              price: shown,
            })}
            onClick={() => onCancel([b])}
          >
            {formatMoney(b.stack)}
          </button>
        ))}
      </td>
      <td>
        <button
          type="button"
          className={styles.backCell}
          aria-label={t('ladder.backAt', { price: shown })}
          onClick={() => onBet(true, price)}
        >
          {back > 0 ? formatVolume(back) : ''}
        </button>
      </td>
      <th scope="row" className={styles.price}>
        {shown}
      </th>
      <td>
        <button
          type="button"
          className={styles.layCell}
          aria-label={t('ladder.layAt', { price: shown })}
          onClick={() => onBet(false, price)}
        >
          {lay > 0 ? formatVolume(lay) : ''}
        </button>
      </td>
      <td className={styles.traded}>{traded > 0 ? formatVolume(traded) : ''}</td>
    </tr>
  )
}
