import type { Bet } from '@backlay/contract/bets'
import type { DetailRunner, MarketDetail } from '@backlay/contract/match-details'
import { useQueryClient } from '@tanstack/react-query'
import { useVirtualizer } from '@tanstack/react-virtual'
import * as Dialog from 'radix-ui/dialog'
import { type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatOdds, formatWhole } from '../../../lib/format'
import { showToast } from '../../../lib/toast'
import { useCommitTiming } from '../../../lib/use-commit-timing'
import { refreshAfterBet } from '../../bet-slip/api/place-bet'
import type { SelectOdds } from '../../markets/components/market-table'
import { cancelUnmatchedBet, useUnmatchedBets } from '../../open-bets/api/get-open-bets'
import { usePriceHistory } from '../../price-history/api/get-price-history'
import { FeedFigures } from '../../price-history/components/feed-figures'
import { useStakeButtons } from '../../stakes/api/get-stake-buttons'
import { useLadder } from '../api/get-ladder'
import { ladderAction, movedRow } from '../ladder-keys'
import { centreRow, LADDER_PRICES, nextMineRow, rowOf } from '../ladder-prices'
import { useLadderStore } from '../stores/ladder-store'
import styles from './ladder.module.css'
import { LadderGrid } from './ladder-grid'

export interface LadderTarget {
  market: MarketDetail
  runner: DetailRunner
  matchId: string
}

/**
 * The one-click ladder of a runner: every price of the ladder, opened on the market's, with what
 * waits to back and to lay, the player's own unmatched bets at their prices wherever they are
 * ("Jump to my bets" brings each into view; a click cancels one), what matched at each price,
 * the last traded price marked. With one-click betting on (asked once) a click
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

/** Height of a ladder row, and of the table's header the rows start below. */
const ROW_PX = 28
const HEADER_PX = 26

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
  const ladder = useLadder(market.market_id)
  const depth = ladder.data?.runners.find((r) => r.selectionId === runner.selectionId)
  // A feed's own figures (a BASIC file's last traded price) beside what matched here.
  const feed = usePriceHistory(market.market_id).data?.runners.find(
    (r) => r.selectionId === runner.selectionId,
  )?.feed
  const unmatched = useUnmatchedBets({ matchId }, { poll: true })
  const buttons = useStakeButtons()
  const { oneClick, confirmed, stake, setOneClick, confirm, setStake } = useLadderStore()
  const [asking, setAsking] = useState(false)
  const [focus, setFocus] = useState<number | null>(null)
  const chosen = stake ?? buttons[0] ?? null
  const mine = (unmatched.data ?? []).filter(
    (b) => b.market_id === market.market_id && b.selection_id === runner.selectionId,
  )
  const row = focus ?? centreRow(depth)

  const scroll = useRef<HTMLDivElement>(null)
  const rows = useVirtualizer<HTMLDivElement, HTMLTableRowElement>({
    count: LADDER_PRICES.length,
    getScrollElement: () => scroll.current,
    estimateSize: () => ROW_PX,
    paddingStart: HEADER_PX,
    overscan: 10,
  })
  const show = (at: number, align: 'center' | 'auto') => {
    setFocus(at)
    rows.scrollToIndex(at, { align })
  }
  // The ladder opens centred on the market once its book is known.
  const centred = useRef(false)
  useEffect(() => {
    if (centred.current || !ladder.data) return
    centred.current = true
    rows.scrollToIndex(centreRow(depth), { align: 'center' })
  })
  const jumpToMine = () => {
    const next = nextMineRow(
      mine.map((b) => rowOf(b.odds)),
      row,
    )
    if (next !== null) show(next, 'center')
  }

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
    const price = LADDER_PRICES[row]
    if (!action || price === undefined) return
    e.preventDefault()
    if (action.kind === 'move') show(movedRow(row, action.by, LADDER_PRICES.length), 'auto')
    else if (action.kind === 'back' || action.kind === 'lay') bet(action.kind === 'back', price)
    else if (action.kind === 'cancel') void cancel(mine.filter((b) => b.odds === price))
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
        <strong>{depth?.lastTradedPrice ? formatOdds(depth.lastTradedPrice) : '–'}</strong>
        {feed ? ' · ' : null}
        <FeedFigures feed={feed} />
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
      <div className={styles.jumps}>
        <button
          type="button"
          className={styles.jump}
          onClick={() => show(centreRow(depth), 'center')}
        >
          {t('ladder.jumpToBest')}
        </button>
        {mine.length > 0 ? (
          <button type="button" className={styles.jump} onClick={jumpToMine}>
            {t('ladder.jumpToMine')}
          </button>
        ) : null}
      </div>
      <p className={styles.keys}>{t('ladder.keys')}</p>
      <div className={styles.scroll} ref={scroll}>
        <LadderGrid
          runner={depth}
          rows={rows}
          focusRow={row}
          mine={mine}
          onBet={bet}
          onCancel={(bets) => void cancel(bets)}
        />
      </div>
      <Dialog.Close className={styles.close}>{t('ladder.close')}</Dialog.Close>
    </Dialog.Content>
  )
}
