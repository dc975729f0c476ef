import type { Level } from './depth'
import { oddsAtTick, snap, TICK_COUNT, tickIndex } from './ladder'

/** How a runner with only a last traded price is quoted: ticks between the best back and lay, levels a side, paise a level. */
export interface LastTradedQuote {
  spreadTicks: number
  depth: number
  size: number
}

/**
 * Levels around a last traded price, for a feed that has no ladder (Betfair's BASIC files): the
 * best back sits floor(spread / 2) ticks below it, the best lay `spreadTicks` above that, then a
 * tick apart outwards; ladder ends cut a side short.
 * quoteAroundLastTraded(250, { spreadTicks: 2, depth: 2, size: 500 })
 *   → { back: [248 ×500, 246 ×500], lay: [252 ×500, 254 ×500] }
 */
export function quoteAroundLastTraded(
  lastTraded: number,
  { spreadTicks, depth, size }: LastTradedQuote,
): { back: Level[]; lay: Level[] } {
  const centre = tickIndex(snap(lastTraded, 'DOWN'))
  const bestBack = centre - Math.floor(spreadTicks / 2)
  const bestLay = bestBack + Math.max(1, spreadTicks)
  const levels = (from: number, step: number): Level[] =>
    Array.from({ length: depth }, (_, i) => from + i * step)
      .filter((tick) => tick >= 0 && tick < TICK_COUNT)
      .map((tick) => ({ price: oddsAtTick(tick), size }))
  return { back: levels(bestBack, -1), lay: levels(bestLay, 1) }
}

/**
 * A book without its crossed part: a back at or above the best lay, and a lay at or below the
 * best back, are dropped from both sides (a stale level or a moment of Betfair's own data), so
 * what is left can be offered without matching itself. Levels are best first.
 * uncrossed([252, 250, 248], [250, 254]) → back [248], lay [254]
 */
export function uncrossed<L extends Level>(
  back: readonly L[],
  lay: readonly L[],
): { back: L[]; lay: L[] } {
  const bestBack = back[0]?.price
  const bestLay = lay[0]?.price
  if (bestBack === undefined || bestLay === undefined || bestBack < bestLay)
    return { back: [...back], lay: [...lay] }
  return {
    back: back.filter((l) => l.price < bestLay),
    lay: lay.filter((l) => l.price > bestBack),
  }
}
