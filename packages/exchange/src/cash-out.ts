import { betPL, type OddsBet } from './exposure'
import type { Odds, Paise, SelectionId } from './ids'
import type { Side } from './order-book'
import { err, ok, type Result } from './result'

/**
 * Cash-out (spec §5): offered on MATCH_ODDS markets with at most 2 runners where the player holds
 * matched bets. It is one hedge order, sent FILL_OR_KILL at the current best opposite price, that
 * makes the player's P/L the same whichever runner wins. On a two-outcome market a back of s at b on
 * runner A moves A's P/L by s × (b − 1) and B's by −s, so equalising needs s = (pl_B − pl_A) / b;
 * a lay of s at l needs s = (pl_A − pl_B) / l. For a single back of S at B that is the familiar
 * lay stake = S × B ÷ L, and for a single lay the mirror, back stake = S × L ÷ B.
 */
export interface BestPrices {
  readonly selectionId: SelectionId
  /** best price a backer can take now (top of availableToBack), if any */
  readonly back?: Odds
  /** best price a layer can take now (top of availableToLay), if any */
  readonly lay?: Odds
}

export interface CashOutMarket {
  readonly marketType: string
  readonly selectionIds: readonly SelectionId[]
  readonly prices: readonly BestPrices[]
}

export interface CashOut {
  /** send it with timeInForce FILL_OR_KILL so a moved price cannot leave a half hedge */
  readonly hedge: OddsBet
  /** P/L per outcome after the hedge (equal up to the paisa of stake rounding) */
  readonly outcomes: { readonly selectionId: SelectionId; readonly pl: Paise }[]
  /** the P/L the player is sure of after the hedge: the smaller of the two */
  readonly pl: Paise
  /**
   * what the cashed-out share locks in: that share of the P/L a full cash-out would make equal
   * (all of it for a full cash-out, where it equals `pl`)
   */
  readonly value: Paise
}

export type CashOutCode =
  | 'CASHOUT.NOT_AVAILABLE'
  | 'CASHOUT.NO_POSITION'
  | 'CASHOUT.ALREADY_EVEN'
  | 'CASHOUT.NO_PRICE'

/**
 * Back ₹100 at 3.00 on A, lay price on A now 2.00 → hedge LAY A ₹150 at 2.00; P/L +50 either way.
 * cashOut({ marketType: 'MATCH_ODDS', selectionIds: [A, B], prices: [{ selectionId: A, lay: 200 }] }, [back A 10000 @ 300])
 * → ok({ hedge: { selectionId: A, side: 'LAY', odds: 200, stake: 15000 }, pl: 5000, value: 5000, … })
 *
 * A partial cash-out of `sharePercent` (1–100) hedges with that share of the full hedge's stake:
 * the gap between the runners' P/L shrinks by that share and the rest of the position stays
 * open. With 40 % above: LAY A ₹60 at 2.00, P/L +140 if A wins and −40 if B does; value +20.
 */
export const cashOut = (
  market: CashOutMarket,
  matched: readonly OddsBet[],
  sharePercent = 100,
): Result<CashOut, CashOutCode> => {
  if (!Number.isInteger(sharePercent) || sharePercent < 1 || sharePercent > 100) {
    return err('CASHOUT.NOT_AVAILABLE', 'A cash-out share is a whole percentage from 1 to 100.')
  }
  const [a, b] = market.selectionIds
  if (market.marketType !== 'MATCH_ODDS' || market.selectionIds.length !== 2 || !a || !b) {
    return err('CASHOUT.NOT_AVAILABLE', 'Cash-out is not available on this market.')
  }
  if (matched.length === 0) return err('CASHOUT.NO_POSITION', 'You have no bets on this market.')
  // The hedge goes on the runner the player bet most on: that is where the position (and usually the liquidity) is.
  const stakeOn = (id: SelectionId) =>
    matched.reduce((sum, bet) => sum + (bet.selectionId === id ? bet.stake : 0), 0)
  const [on, other] = stakeOn(b) > stakeOn(a) ? [b, a] : [a, b]
  const plOn = matched.reduce((sum, bet) => sum + betPL(bet, on), 0)
  const plOther = matched.reduce((sum, bet) => sum + betPL(bet, other), 0)
  const gap = plOther - plOn
  if (gap === 0) return err('CASHOUT.ALREADY_EVEN', 'Your position is already even.')

  const side: Side = gap > 0 ? 'BACK' : 'LAY'
  const quote = market.prices.find((p) => p.selectionId === on)
  const odds = side === 'BACK' ? quote?.back : quote?.lay
  if (odds === undefined) return err('CASHOUT.NO_PRICE', 'There is no price to cash out at.')
  const stakeFor = (share: number) => Math.round((Math.abs(gap) * share) / odds) as Paise
  const stake = stakeFor(sharePercent)
  if (stake <= 0) return err('CASHOUT.ALREADY_EVEN', 'Your position is already even.')

  const after = (hedge: OddsBet) => ({
    on: plOn + betPL(hedge, on),
    other: plOther + betPL(hedge, other),
  })
  const hedge: OddsBet = { selectionId: on, side, odds, stake }
  const win = after(hedge)
  const full = after({ ...hedge, stake: stakeFor(100) })
  return ok({
    hedge,
    outcomes: [
      { selectionId: on, pl: win.on as Paise },
      { selectionId: other, pl: win.other as Paise },
    ],
    pl: Math.min(win.on, win.other) as Paise,
    value: Math.round((Math.min(full.on, full.other) * sharePercent) / 100) as Paise,
  })
}
