import type { Odds, Paise, SelectionId } from './ids'
import { snap, tickIndex } from './ladder'
import { err, ok, type Result } from './result'

/**
 * Racing "combined market" bets (dutching): one stake spread over up to 4 runners so that whichever
 * of them wins returns the same amount. stake_i ∝ 1/odds_i, each leg rounded down to whole rupees,
 * the remainder on the shortest price (the leg most likely to win, where an extra rupee moves the
 * return least). The combined odds 1/Σ(1/odds_i) are snapped DOWN to the ladder so the price shown
 * never promises more than the legs pay.
 */
export const MAX_LEGS = 4
const RUPEE = 100

export interface DutchSelection {
  readonly selectionId: SelectionId
  readonly odds: Odds
}

export interface DutchLeg extends DutchSelection {
  readonly stake: Paise
}

export interface Dutch {
  readonly legs: DutchLeg[]
  readonly combinedOdds: Odds
}

export type DutchCode =
  | 'DUTCH.NO_SELECTIONS'
  | 'DUTCH.TOO_MANY_SELECTIONS'
  | 'DUTCH.DUPLICATE_SELECTION'
  | 'DUTCH.STAKE_NOT_WHOLE_RUPEES'
  | 'DUTCH.STAKE_TOO_SMALL'
  | 'DUTCH.ODDS_TOO_SHORT'
  | 'ODDS.OFF_LADDER'

/**
 * The exact weights Π_{j≠i} odds_j as bigints: stake_i = total × w_i / Σw (the products of up to
 * four ladder prices and a stake overflow a double's exact range).
 */
const weights = (selections: readonly DutchSelection[]): bigint[] =>
  selections.map((_, i) => selections.reduce((w, s, j) => (j === i ? w : w * BigInt(s.odds)), 1n))

/**
 * dutch(10000, [{ A, 200 }, { B, 400 }]) → legs A 6700, B 3300 (exact 6666.67 / 3333.33: both round
 * down to whole rupees, the spare ₹1 goes on A, the shorter price), combinedOdds 133 (1/(1/2+1/4) = 1.333 → 1.33).
 */
export const dutch = (
  totalStake: Paise,
  selections: readonly DutchSelection[],
): Result<Dutch, DutchCode> => {
  if (selections.length === 0) return err('DUTCH.NO_SELECTIONS', 'Select at least one runner.')
  if (selections.length > MAX_LEGS) {
    return err('DUTCH.TOO_MANY_SELECTIONS', `At most ${MAX_LEGS} runners can be combined.`)
  }
  if (new Set(selections.map((s) => s.selectionId)).size !== selections.length) {
    return err('DUTCH.DUPLICATE_SELECTION', 'A runner can be selected only once.')
  }
  const offLadder = selections.find((s) => tickIndex(s.odds) < 0)
  if (offLadder) {
    return err('ODDS.OFF_LADDER', `Odds ${offLadder.odds / 100} are not on the price ladder.`)
  }
  if (!Number.isSafeInteger(totalStake) || totalStake <= 0 || totalStake % RUPEE !== 0) {
    return err('DUTCH.STAKE_NOT_WHOLE_RUPEES', 'The stake must be a whole number of rupees.')
  }

  const w = weights(selections)
  const sum = w.reduce((a, b) => a + b, 0n)
  const total = BigInt(totalStake)
  const rupee = BigInt(RUPEE)
  const stakes = w.map((wi) => Number(((total * wi) / sum / rupee) * rupee))
  let shortest = 0
  selections.forEach((s, i) => {
    if (s.odds < (selections[shortest] as DutchSelection).odds) shortest = i
  })
  stakes[shortest] = (stakes[shortest] as number) + totalStake - stakes.reduce((a, b) => a + b, 0)
  if (stakes.some((s) => s <= 0)) {
    return err('DUTCH.STAKE_TOO_SMALL', 'The stake is too small to cover every runner.')
  }

  // 1/Σ(1/o_i) in odds ×100 is Π o / Σ_i Π_{j≠i} o_j = o_0 × w_0 / Σw; bigint division floors.
  const exact = Number((BigInt((selections[0] as DutchSelection).odds) * (w[0] as bigint)) / sum)
  if (exact < 101) {
    return err('DUTCH.ODDS_TOO_SHORT', 'The combined odds would be below 1.01.')
  }
  return ok({
    legs: selections.map((s, i) => ({ ...s, stake: stakes[i] as Paise })),
    combinedOdds: snap(exact, 'DOWN'),
  })
}
