import { MAX_ODDS, MIN_ODDS, type Odds } from './ids'
import { err, ok, type Result } from './result'

/**
 * The price ladder of betting-area.md §5, in odds ×100: step 0.01 below 2, 0.02 below 3, 0.05 below
 * 4, 0.1 below 6, 0.2 below 10, 0.5 below 20, 1 below 30, 2 below 50, 5 below 100, 10 up to 1000.
 * It has 350 ticks; the order book indexes its price levels by tick index (0 = 1.01).
 */
const BANDS: ReadonlyArray<readonly [upTo: number, step: number]> = [
  [200, 1],
  [300, 2],
  [400, 5],
  [600, 10],
  [1000, 20],
  [2000, 50],
  [3000, 100],
  [5000, 200],
  [10000, 500],
  [MAX_ODDS + 1, 1000],
]

const buildTicks = (): Int32Array => {
  const ticks: number[] = []
  let price: number = MIN_ODDS
  for (const [upTo, step] of BANDS) {
    for (; price < upTo; price += step) ticks.push(price)
  }
  return Int32Array.from(ticks)
}

const TICKS = buildTicks()
/** Number of prices on the ladder (350). */
export const TICK_COUNT = TICKS.length

/** odds → tick index, −1 off the ladder; a flat array because lookups sit in the matching hot path. */
const INDEX_OF = (() => {
  const index = new Int16Array(MAX_ODDS + 1).fill(-1)
  TICKS.forEach((price, i) => {
    index[price] = i
  })
  return index
})()

export type LadderCode = 'ODDS.OFF_LADDER'

/** tickIndex(101) → 0; tickIndex(200) → 99; tickIndex(201) → −1 (off the ladder). */
export const tickIndex = (price: number): number =>
  Number.isInteger(price) && price >= MIN_ODDS && price <= MAX_ODDS ? (INDEX_OF[price] ?? -1) : -1

/** oddsAtTick(0) → 101; oddsAtTick(TICK_COUNT − 1) → 100000. Throws outside 0..TICK_COUNT−1 (a bug). */
export const oddsAtTick = (index: number): Odds => {
  const price = TICKS[index]
  if (price === undefined) throw new RangeError(`no tick ${index}`)
  return price as Odds
}

/** isOnLadder(250) → true (2.50); isOnLadder(251) → false (2.51 is between 2.50 and 2.52). */
export const isOnLadder = (price: number): boolean => tickIndex(price) >= 0

const offLadder = (price: number) =>
  err('ODDS.OFF_LADDER', `Odds ${price / 100} are not on the price ladder.`)

/** ladderOdds(250) → ok(250); ladderOdds(251) → err('ODDS.OFF_LADDER', 'Odds 2.51 are not on the price ladder.') */
export const ladderOdds = (price: number): Result<Odds, LadderCode> =>
  isOnLadder(price) ? ok(price as Odds) : offLadder(price)

export type SnapDirection = 'DOWN' | 'UP'

/**
 * Nearest ladder price on the given side, clamped to 1.01..1000.
 * snap(251, 'DOWN') → 250; snap(251, 'UP') → 252; snap(250, 'UP') → 250; snap(99, 'DOWN') → 101.
 */
export const snap = (price: number, direction: SnapDirection): Odds => {
  if (price <= MIN_ODDS) return MIN_ODDS
  if (price >= MAX_ODDS) return MAX_ODDS
  let lo = 0
  let hi = TICK_COUNT - 1
  // Binary search for the last tick ≤ price.
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if ((TICKS[mid] as number) <= price) lo = mid
    else hi = mid - 1
  }
  const below = TICKS[lo] as number
  if (below === price || direction === 'DOWN') return below as Odds
  return TICKS[lo + 1] as Odds
}

/** nextTick(199) → 200; nextTick(200) → 202; nextTick(100000) → undefined (top of the ladder). */
export const nextTick = (price: Odds): Odds | undefined => {
  const i = tickIndex(price)
  return i >= 0 && i + 1 < TICK_COUNT ? (TICKS[i + 1] as Odds) : undefined
}

/** previousTick(202) → 200; previousTick(101) → undefined (bottom of the ladder). */
export const previousTick = (price: Odds): Odds | undefined => {
  const i = tickIndex(price)
  return i > 0 ? (TICKS[i - 1] as Odds) : undefined
}

/** ticksBetween(190, 210) → 15 (10 steps of 0.01 to 2.00, 5 of 0.02); negative when b < a. Both must be on the ladder. */
export const ticksBetween = (a: Odds, b: Odds): Result<number, LadderCode> => {
  const ia = tickIndex(a)
  const ib = tickIndex(b)
  if (ia < 0) return offLadder(a)
  if (ib < 0) return offLadder(b)
  return ok(ib - ia)
}
