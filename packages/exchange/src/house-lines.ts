import type { Odds } from './ids'
import type { Side } from './order-book'

/**
 * Consistency of the house's own lines on one event (the exchange quote and the bookmaker line):
 * a player who can take prices on several lines must never be able to lock in a profit.
 */

/** The best prices a player can take on one outcome: back at `back`, lay at `lay` (null: none). */
export interface OutcomePrices {
  readonly back: Odds | null
  readonly lay: Odds | null
}

/**
 * True when no stakes on the given prices (any outcomes, any sides, any lines) win in every
 * result: exactly when some probabilities p (summing to 1) make every price fair or worse for
 * the player, i.e. back_i ≤ lay_i on each outcome, Σ 1/back_i ≥ 1 and Σ 1/lay_i ≤ 1 (a box meeting
 * the simplex). `outcomes` lists every outcome of the event, each with the best price over all
 * lines. noRiskFreeProfit([{ back: 200, lay: 204 }, { back: 196, lay: 200 }]) → true
 */
export function noRiskFreeProfit(outcomes: readonly OutcomePrices[]): boolean {
  let backShares = 0
  let layShares = 0
  for (const { back, lay } of outcomes) {
    if (back !== null && lay !== null && back > lay) return false
    // An outcome nobody will back may still win: as if backed at even the longest price, 0 share.
    backShares += back === null ? 1 : 100 / back
    layShares += lay === null ? 0 : 100 / lay
  }
  return backShares >= 1 && layShares <= 1
}

/** The player's best prices per outcome over several lines: the longest back, the shortest lay. */
export function bestOverLines(lines: readonly (readonly OutcomePrices[])[]): OutcomePrices[] {
  const count = Math.max(0, ...lines.map((l) => l.length))
  return Array.from({ length: count }, (_, i) => {
    let back: Odds | null = null
    let lay: Odds | null = null
    for (const line of lines) {
      const o = line[i]
      if (!o) continue
      if (o.back !== null && (back === null || o.back > back)) back = o.back
      if (o.lay !== null && (lay === null || o.lay < lay)) lay = o.lay
    }
    return { back, lay }
  })
}

/**
 * Whether taking `side` at `odds` on one line beats the other line's opposite price for the same
 * outcome by more than `toleranceBp` (basis points of the price): backing above what the other
 * line lays at, or laying below what it backs at, hedges into a sure profit.
 * beatsOtherLine('BACK', 250, { back: 240, lay: 242 }, 0) → true (back 2.50, lay off at 2.42)
 */
export function beatsOtherLine(
  side: Side,
  odds: Odds,
  other: OutcomePrices,
  toleranceBp: number,
): boolean {
  if (side === 'BACK') {
    return other.lay !== null && odds * 10_000 > other.lay * (10_000 + toleranceBp)
  }
  return other.back !== null && odds * (10_000 + toleranceBp) < other.back * 10_000
}
