import type { Odds, Paise, SelectionId, UserId } from './ids'
import { negate, profitAtOdds } from './money'
import type { Fill, Side } from './order-book'

/**
 * Positions on single-winner markets (match odds, bookmaker, a race's win market): exactly one
 * selection wins, or the market is void. Multi-winner markets (place, top-N) and each-way bets are
 * OUT OF SCOPE: their outcomes are sets of winners and none of the rules below apply to them.
 */

/** A bet on one selection: a matched exchange fill or bookmaker bet, or an unmatched order's remainder. */
export interface OddsBet {
  readonly selectionId: SelectionId
  readonly side: Side
  readonly odds: Odds
  /** backer's stake */
  readonly stake: Paise
}

export type UserOddsBet = OddsBet & { readonly userId: UserId }

/**
 * The two matched bets a fill makes: fillBets({ stake: 10000, odds: 300, backUserId: u1, layUserId: u2, … })
 * → [u1 BACK 10000 @ 300, u2 LAY 10000 @ 300]. Their P/Ls cancel on every outcome.
 */
export const fillBets = (fill: Fill): [UserOddsBet, UserOddsBet] => [
  {
    userId: fill.backUserId,
    selectionId: fill.selectionId,
    side: 'BACK',
    odds: fill.odds,
    stake: fill.stake,
  },
  {
    userId: fill.layUserId,
    selectionId: fill.selectionId,
    side: 'LAY',
    odds: fill.odds,
    stake: fill.stake,
  },
]

export interface OutcomePosition {
  readonly selectionId: SelectionId
  /** profit (+) or loss (−) if this selection wins, from matched bets */
  readonly pl: Paise
  /** pl less everything the unmatched orders could still lose */
  readonly worst: Paise
}

export interface MarketExposure {
  readonly outcomes: OutcomePosition[]
  /** amount to hold against the balance: the worst outcome's loss, never below 0 */
  readonly exposure: Paise
}

/**
 * P/L of one bet when `winner` wins. Back ₹100 at 2.50 on A: betPL(bet, A) → 15000, betPL(bet, B) → −10000.
 * Lay ₹100 at 2.50 on A: betPL(bet, A) → −15000, betPL(bet, B) → 10000.
 */
export const betPL = (bet: OddsBet, winner: SelectionId): Paise => {
  const wins = bet.selectionId === winner
  if (bet.side === 'BACK') return wins ? profitAtOdds(bet.stake, bet.odds) : negate(bet.stake)
  return wins ? negate(profitAtOdds(bet.stake, bet.odds)) : bet.stake
}

/**
 * What an unmatched order can lose whatever happens: a back its stake, a lay its liability.
 * unmatchedRisk({ side: 'LAY', odds: 300, stake: 10000 }) → 20000.
 */
export const unmatchedRisk = (order: OddsBet): Paise =>
  order.side === 'BACK' ? order.stake : profitAtOdds(order.stake, order.odds)

/**
 * P/L on every outcome from matched bets, and the worst case once unmatched orders are counted as
 * pure risk: an unmatched order may match (at its price or better) or be cancelled, so it is never
 * allowed to offset a matched position — counting it as a hedge would release money on a bet that
 * may never exist.
 *
 * Back ₹100 at 3.00 on A (runners A, B) and an unmatched lay ₹50 at 2.00 on A:
 * outcomes A { pl: 20000, worst: 15000 }, B { pl: −10000, worst: −15000 }; exposure 15000.
 */
export const marketExposure = (
  selectionIds: readonly SelectionId[],
  matched: readonly OddsBet[],
  unmatched: readonly OddsBet[] = [],
): MarketExposure => {
  const risk = unmatched.reduce((sum, order) => sum + unmatchedRisk(order), 0)
  let worstOfAll = 0
  const outcomes = selectionIds.map((selectionId) => {
    const pl = matched.reduce((sum, bet) => sum + betPL(bet, selectionId), 0)
    const worst = pl - risk
    worstOfAll = Math.min(worstOfAll, worst)
    return { selectionId, pl: pl as Paise, worst: worst as Paise }
  })
  return { outcomes, exposure: negate(worstOfAll) }
}
