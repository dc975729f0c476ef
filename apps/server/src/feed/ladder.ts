/**
 * The exchange price ladder (betting-area §5) in integer odds×100: steps of 0.01 below 2, 0.02
 * below 3, 0.05 below 4, 0.1 below 6, 0.2 below 10, 0.5 below 20, 1 below 30, 2 below 50, 5 below
 * 100, then 10, from 1.01 to 1000.
 */
export const MIN_ODDS = 101
export const MAX_ODDS = 100_000

const bands: readonly (readonly [upper: number, step: number])[] = [
  [200, 1],
  [300, 2],
  [400, 5],
  [600, 10],
  [1000, 20],
  [2000, 50],
  [3000, 100],
  [5000, 200],
  [10000, 500],
  [Number.POSITIVE_INFINITY, 1000],
]

/** The band holding `odds`: its lower edge and step. bandOf(250) → { lower: 200, step: 2 } */
function bandOf(odds: number): { lower: number; step: number } {
  let lower = 100
  for (const [upper, step] of bands) {
    if (odds < upper) return { lower, step }
    lower = upper
  }
  throw new Error('unreachable: the last band is unbounded')
}

/** Highest ladder price at or below `odds` (clamped to the ladder). floorToTick(257) → 256 */
export function floorToTick(odds: number): number {
  if (odds <= MIN_ODDS) return MIN_ODDS
  if (odds >= MAX_ODDS) return MAX_ODDS
  const { lower, step } = bandOf(odds)
  return lower + Math.floor((odds - lower) / step) * step
}

/** Next price up the ladder. tickUp(199) → 200, tickUp(200) → 202 */
export function tickUp(odds: number): number {
  return Math.min(MAX_ODDS, odds + bandOf(odds).step)
}

/** Next price down the ladder. tickDown(202) → 200, tickDown(200) → 199 */
export function tickDown(odds: number): number {
  return Math.max(MIN_ODDS, odds - bandOf(odds - 1).step)
}

/** isOnLadder(255) → false, isOnLadder(256) → true */
export function isOnLadder(odds: number): boolean {
  return (
    Number.isInteger(odds) && odds >= MIN_ODDS && odds <= MAX_ODDS && floorToTick(odds) === odds
  )
}
