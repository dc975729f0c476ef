import type { Odds, Paise } from './ids'

/**
 * THE rounding rule of the package. Any amount derived from a stake and a price (a back bet's
 * profit, a lay bet's liability, a fancy bet's profit or liability, commission) is the exact
 * figure rounded DOWN to the paisa. One function computes both sides of a match, so the backer's
 * profit and the layer's liability on a fill are the same integer and money is conserved exactly.
 * Rounding down also makes the rule safe for reservations: floor(a) + floor(b) ≤ floor(a + b), so the
 * liability reserved for an unmatched lay always covers whatever its partial fills add up to.
 */
const mulDivFloor = (a: number, b: number, c: number): number => Math.floor((a * b) / c)

/**
 * Back profit = lay liability = ⌊stake × (odds − 1)⌋ in paise.
 * profitAtOdds(10000, 250) → 15000 (₹100 at 2.50 wins ₹150); profitAtOdds(333, 101) → 3.
 */
export const profitAtOdds = (stake: Paise, odds: Odds): Paise =>
  mulDivFloor(stake, odds - 100, 100) as Paise

/** percentOf(10000, 90) → 9000: a fancy stake of ₹100 at rate 90 wins (yes) or risks (no) ₹90. */
export const percentOf = (amount: Paise, percent: number): Paise =>
  mulDivFloor(amount, percent, 100) as Paise

/** basisPointsOf(100000, 200) → 2000: 2% commission on ₹1,000 is ₹20 (rounded down). */
export const basisPointsOf = (amount: Paise, bps: number): Paise =>
  mulDivFloor(amount, bps, 10000) as Paise

/** negate(500) → −500, and negate(0) → 0, never −0 (which `Object.is` and test equality tell apart). */
export const negate = (amount: number): Paise => (0 - amount) as Paise
