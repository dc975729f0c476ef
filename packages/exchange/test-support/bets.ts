import type { OddsBet } from '../src/exposure'
import type { Odds, Paise, SelectionId } from '../src/ids'

/** Test shorthand: oddsBet('A', 'BACK', 300, 10000) is ₹100 backed at 3.00 on A. */
export const oddsBet = (
  selectionId: string,
  side: 'BACK' | 'LAY',
  odds: number,
  stake: number,
): OddsBet => ({
  selectionId: selectionId as SelectionId,
  side,
  odds: odds as Odds,
  stake: stake as Paise,
})
