import type { DepthLevel, RunnerDepth } from '@backlay/contract/ladder'
import { oddsToDecimal } from '@backlay/contract/money'
import { oddsAtTick, TICK_COUNT } from '@backlay/exchange/ladder'

/** Every price of the ladder, 1000 down to 1.01, as the ladder's rows list them. */
export const LADDER_PRICES: readonly number[] = Array.from({ length: TICK_COUNT }, (_, i) =>
  oddsToDecimal(oddsAtTick(TICK_COUNT - 1 - i)),
)

const EVENS_ROW = LADDER_PRICES.indexOf(2)

/** The row of a price, or -1 when the price is off the ladder. */
export const rowOf = (price: number) => LADDER_PRICES.indexOf(price)

/**
 * The row a runner's ladder opens on: its best price to back, else to lay, else 2.00.
 * centreRow({ back: [{ price: 3.5, size: 10 }], lay: [] }) → the row of 3.50.
 */
export function centreRow(runner: Pick<RunnerDepth, 'back' | 'lay'> | undefined): number {
  const best = runner?.back[0]?.price ?? runner?.lay[0]?.price
  const row = best === undefined ? -1 : rowOf(best)
  return row >= 0 ? row : EVENS_ROW
}

/** Sizes by price, for reading one side at every row. */
export const sizeAt = (levels: readonly DepthLevel[] | undefined) =>
  new Map((levels ?? []).map((l) => [l.price, l.size]))

/**
 * The next of the player's prices to show after `row`, top to bottom and round again; null
 * when they have no bet on the runner. nextMineRow([10, 40], 10) → 40; nextMineRow([10, 40], 40) → 10.
 */
export function nextMineRow(mineRows: readonly number[], row: number): number | null {
  const sorted = [...new Set(mineRows)].filter((r) => r >= 0).sort((a, b) => a - b)
  if (sorted.length === 0) return null
  return sorted.find((r) => r > row) ?? (sorted[0] as number)
}
