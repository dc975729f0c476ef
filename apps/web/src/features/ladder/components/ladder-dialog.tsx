import type { Bet } from '@backlay/contract/bets'
import type { DetailRunner, MarketDetail } from '@backlay/contract/match-details'
import type { LadderRow } from '@backlay/contract/price-history'
import { useQueryClient } from '@tanstack/react-query'
import * as Dialog from 'radix-ui/dialog'
import { type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney, formatOdds, formatVolume, formatWhole } from '../../../lib/format'
import { showToast } from '../../../lib/toast'
import { useCommitTiming } from '../../../lib/use-commit-timing'
import { refreshAfterBet } from '../../bet-slip/api/place-bet'
import type { SelectOdds } from '../../markets/components/market-table'
import { cancelUnmatchedBet, useUnmatchedBets } from '../../open-bets/api/get-open-bets'
import { useStakeButtons } from '../../stakes/api/get-stake-buttons'
import { useLadder } from '../api/get-ladder'
import { ladderAction, movedRow } from '../ladder-keys'
import { useLadderStore } from '../stores/ladder-store'
import styles from './ladder.module.css'

export interface LadderTarget {
  market: MarketDetail
  runner: DetailRunner
  matchId: string
}

/**
 * The one-click ladder of a runner: every price around the market with what waits to back and
 * to lay, the player's own unmatched bets at their prices (a click cancels them), what matched
 * at each price, the last traded price marked. With one-click betting on (asked once) a click
 * places at that price with the chosen stake; off, it fills the bet slip. Keys: ↑ ↓ move, B back,
 * L lay, C cancel, + − stake.
 */
export function LadderDialog({
  target,
  onClose,
  onPrice,
}: {
  target: LadderTarget | null
  onClose: () => void
  onPrice: SelectOdds
}) {
  return (
    <Dialog.Root open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        {target ? <Ladder target={target} onClose={onClose} onPrice={onPrice} /> : null}
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function Ladder({
  target,
  onClose,
  onPrice,
}: {
  target: LadderTarget
  onClose: () => void
  onPrice: SelectOdds
}) {
  const { t } = useTranslation()
  // Part of the event page's work under a price storm (its perf measure).
  useCommitTiming('event-page')
  const client = useQueryClient()
  const { market, runner, matchId } = target
  const ladder = useLadder(market.market_id, runner.selectionId)
  const unmatched = useUnmatchedBets({ matchId }, { poll: true })
  const buttons = useStakeButtons()
  const { oneClick, confirmed, stake, setOneClick, confirm, setStake } = useLadderStore()
  const [asking, setAsking] = useState(false)
  const rows = ladder.data?.rows ?? []
  const [focus, setFocus] = useState<number | null>(null)
  const chosen = stake ?? buttons[0] ?? null
  const mine = (unmatched.data ?? []).filter(
    (b) => b.market_id === market.market_id && b.selection_id === runner.selectionId,
  )
  const row = focus ?? Math.floor(rows.length / 2)

  // The ladder opens centred on the market; then it follows the keyboard's row.
  const focused = useRef<HTMLTableRowElement>(null)
  const centred = useRef(false)
  useEffect(() => {
    if (!focused.current) return
    focused.current.scrollIntoView({ block: centred.current ? 'nearest' : 'center' })
    centred.current = true
  })

  // The ladder's own price, with nothing known to wait there: the book answers on placing.
  const bet = (isBack: boolean, price: number) => {
    const offer = { price, oprice: price, size: 0 }
    if (oneClick && chosen) {
      onPrice(market, runner, isBack, offer, chosen)
      return
    }
    onPrice(market, runner, isBack, offer)
    onClose()
  }
  const cancel = async (bets: readonly Bet[]) => {
    try {
      for (const b of bets) await cancelUnmatchedBet(b.bet_id)
      showToast({ type: 'success', message: t('ladder.cancelled'), shell: true })
    } catch (e) {
      showToast({ type: 'error', message: (e as Error).message, shell: true })
    } finally {
      refreshAfterBet(client)
    }
  }
  const onKey = (e: KeyboardEvent) => {
    // Keys pressed on a button (Enter, Space) or a field keep their own meaning.
    if (e.target instanceof HTMLInputElement) return
    const action = ladderAction(e.key)
    const at = rows[row]
    if (!action || !at) return
    e.preventDefault()
    if (action.kind === 'move') setFocus(movedRow(row, action.by, rows.length))
    else if (action.kind === 'back' || action.kind === 'lay') bet(action.kind === 'back', at.price)
    else if (action.kind === 'cancel') void cancel(mine.filter((b) => b.odds === at.price))
    else {
      const i = Math.max(0, buttons.indexOf(chosen ?? 0))
      const next = buttons[movedRow(i, action.by, buttons.length)]
      if (next) setStake(next)
    }
  }

  return (
    <Dialog.Content className={styles.dialog} onKeyDown={onKey}>
      <Dialog.Title className={styles.title}>
        {t('ladder.title', { name: runner.runnerName })}
      </Dialog.Title>
      <Dialog.Description className={styles.hint}>
        {t('ladder.lastTraded')}{' '}
        <strong>
          {ladder.data?.lastTradedPrice ? formatOdds(ladder.data.lastTradedPrice) : '–'}
        </strong>
      </Dialog.Description>
      <div className={styles.controls}>
        <label className={styles.toggle}>
          <input
            type="checkbox"
            checked={oneClick}
            onChange={(e) => {
              if (!e.target.checked) setOneClick(false)
              else if (confirmed) setOneClick(true)
              else setAsking(true)
            }}
          />
          {t('ladder.oneClick')}
        </label>
        <fieldset className={styles.stakes}>
          <legend className={styles.hidden}>{t('ladder.stake')}</legend>
          {buttons.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={value === chosen}
              className={styles.stake}
              onClick={() => setStake(value)}
            >
              {formatWhole(value)}
            </button>
          ))}
        </fieldset>
      </div>
      {asking ? (
        <div className={styles.ask} role="alertdialog" aria-label={t('ladder.askTitle')}>
          <p>{t('ladder.ask')}</p>
          <div className={styles.askActions}>
            <button type="button" className={styles.secondary} onClick={() => setAsking(false)}>
              {t('ladder.notNow')}
            </button>
            <button
              type="button"
              className={styles.primary}
              onClick={() => {
                confirm()
                setAsking(false)
              }}
            >
              {t('ladder.turnOn')}
            </button>
          </div>
        </div>
      ) : null}
      <p className={styles.keys}>{t('ladder.keys')}</p>
      <div className={styles.scroll}>
        <table className={styles.table} aria-label={t('ladder.grid')}>
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
            {rows.map((r, i) => (
              <Row
                key={r.price}
                row={r}
                focused={i === row}
                last={r.price === ladder.data?.lastTradedPrice}
                mine={mine.filter((b) => b.odds === r.price)}
                rowRef={i === row ? focused : undefined}
                onBet={bet}
                onCancel={(bets) => void cancel(bets)}
              />
            ))}
          </tbody>
        </table>
      </div>
      <Dialog.Close className={styles.close}>{t('ladder.close')}</Dialog.Close>
    </Dialog.Content>
  )
}

function Row({
  row,
  focused,
  last,
  mine,
  rowRef,
  onBet,
  onCancel,
}: {
  row: LadderRow
  focused: boolean
  last: boolean
  mine: readonly Bet[]
  rowRef: React.Ref<HTMLTableRowElement> | undefined
  onBet: (isBack: boolean, price: number) => void
  onCancel: (bets: readonly Bet[]) => void
}) {
  const { t } = useTranslation()
  const price = formatOdds(row.price)
  const className = [focused ? styles.focused : '', last ? styles.last : ''].join(' ').trim()
  return (
    <tr ref={rowRef} className={className || undefined} data-price={row.price}>
      <td className={styles.mine}>
        {mine.map((b) => (
          <button
            key={b.bet_id}
            type="button"
            className={b.is_back === 1 ? styles.mineBack : styles.mineLay}
            aria-label={t(b.is_back === 1 ? 'ladder.cancelBack' : 'ladder.cancelLay', {
              stake: formatMoney(b.stack),
              price,
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
          aria-label={t('ladder.backAt', { price })}
          onClick={() => onBet(true, row.price)}
        >
          {row.back > 0 ? formatVolume(row.back) : ''}
        </button>
      </td>
      <th scope="row" className={styles.price}>
        {price}
      </th>
      <td>
        <button
          type="button"
          className={styles.layCell}
          aria-label={t('ladder.layAt', { price })}
          onClick={() => onBet(false, row.price)}
        >
          {row.lay > 0 ? formatVolume(row.lay) : ''}
        </button>
      </td>
      <td className={styles.traded}>{row.traded > 0 ? formatVolume(row.traded) : ''}</td>
    </tr>
  )
}
