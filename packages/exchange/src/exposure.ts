import type { Odds, Paise, SelectionId, UserId } from './ids'
import { negate, profitAtOdds } from './money'
import type { Fill, Side } from './order-book'

/**
 * Positions on markets whose outcome is which selections win: exactly one on single-winner
 * markets (match odds, bookmaker, a race's win market), the first `winners` of a multi-winner one
 * (a race's place market pays the first 3), or none when the market is void. Each-way bets are
 * out of scope. A position is kept as its P/L if each selection wins alone plus its P/L if none of
 * them does: with those two, a set of winners' P/L is a sum (`outcomePL`), so the worst set is
 * found without listing every set.
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

/** P/L of one bet when its selection does not win: a back loses its stake, a lay keeps it. */
export const losingPL = (bet: OddsBet): Paise =>
  bet.side === 'BACK' ? negate(bet.stake) : bet.stake

/**
 * The worst (or best) P/L over every set of winners a market of `winners` places can pay, from
 * the P/L if each selection wins alone (`pl`) and if none does (`none`). A set's P/L is
 * none + Σ (pl[s] − none) over it, so the worst set holds the selections that gain least. One
 * winner is always paid; a place market may pay fewer than its places (fewer finish), so past the
 * first a selection joins the worst set only when it loses the position money. With one winner
 * this is min(pl) (max(pl)).
 * Back ₹20 at 3.50 on A of A, B, C: worstOutcome([5000, −2000, −2000], −2000, 2) → −2000 (A is not
 * placed); bestOutcome(…) → 5000.
 */
export function worstOutcome(pl: readonly number[], none: number, winners: number): number {
  return extremeOutcome(pl, none, winners, 1)
}

export function bestOutcome(pl: readonly number[], none: number, winners: number): number {
  return extremeOutcome(pl, none, winners, -1)
}

/** `sign` 1 finds the worst set, −1 the best. */
function extremeOutcome(
  pl: readonly number[],
  none: number,
  winners: number,
  sign: 1 | -1,
): number {
  const gains = pl.map((p) => p - none).sort((a, b) => sign * (a - b))
  let total = none
  gains.slice(0, winners).forEach((gain, i) => {
    if (i === 0 || sign * gain < 0) total += gain
  })
  return total
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
  winners = 1,
): MarketExposure => {
  const risk = unmatched.reduce((sum, order) => sum + unmatchedRisk(order), 0)
  const outcomes = selectionIds.map((selectionId) => {
    const pl = matched.reduce((sum, bet) => sum + betPL(bet, selectionId), 0)
    return { selectionId, pl: pl as Paise, worst: (pl - risk) as Paise }
  })
  const none = matched.reduce((sum, bet) => sum + losingPL(bet), 0)
  const worst = worstOutcome(
    outcomes.map((o) => o.pl),
    none,
    winners,
  )
  return { outcomes, exposure: negate(Math.min(0, worst - risk)) }
}
