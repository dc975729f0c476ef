// biome-ignore-all lint/style/noNonNullAssertion: every typed-array index here is in range by construction (tick < TICK_COUNT, slot < capacity); the matching hot path cannot afford a check per read.
import type { Odds, Paise } from '../ids'
import { oddsAtTick, TICK_COUNT } from '../ladder'
import { profitAtOdds } from '../money'

/**
 * INTERNAL to the order book (order-book.ts and matching.ts); consumers never touch it.
 *
 * Why this shape: a runner side has only 350 possible prices, so price levels live in flat typed
 * arrays indexed by `(runner × 2 + side) × TICK_COUNT + tick` instead of a tree or a map, and a
 * 350-bit occupancy set per runner side finds the next best price with a few `Math.clz32` calls.
 * Orders live in a struct-of-arrays pool (slots recycled through a free list) and form an intrusive
 * doubly linked FIFO per level, so resting, matching at the head and cancelling in the middle are
 * all O(1) and allocate nothing.
 */
export const BACK = 0
export const LAY = 1
export const NONE = -1

const WORDS = (TICK_COUNT + 31) >> 5
const INITIAL_CAPACITY = 64

export type MarketStatus = 'OPEN' | 'SUSPENDED' | 'CLOSED'

export interface BookStore {
  status: MarketStatus
  inPlay: boolean
  /** Counts every change a reader can see (a level's size, an order in or out, the status). */
  version: number
  readonly runnerIndex: Map<string, number>
  /** head/tail slot of each level's FIFO, NONE when empty */
  readonly levelHead: Int32Array
  readonly levelTail: Int32Array
  /** unmatched backer's stake resting at each level */
  readonly levelSize: Float64Array
  /** per runner side: WORDS words, bit t set when level t is not empty */
  readonly occupied: Uint32Array
  /** per runner side: best tick (lowest resting back, highest resting lay), NONE when empty */
  readonly best: Int16Array
  /** matched backer's stake per runner and tick */
  readonly traded: Float64Array
  /** matched backer's stake per runner, all ticks: `traded` summed as each fill adds to it */
  readonly matched: Float64Array
  /** order id → slot for the resting orders */
  readonly slotOf: Map<string, number>
  /**
   * user id → what that user's resting orders can lose (a back its stake, a lay its liability),
   * kept as orders rest, fill and leave so an exposure check never walks a user's orders
   */
  readonly riskOf: Map<string, number>
  capacity: number
  orderIds: string[]
  userIds: string[]
  remaining: Float64Array
  next: Int32Array
  prev: Int32Array
  /** level index of the slot: (runner × 2 + side) × TICK_COUNT + tick */
  level: Int32Array
  persist: Uint8Array
  placedAt: Float64Array
  free: Int32Array
  freeCount: number
}

export const createStore = (selectionIds: readonly string[]): BookStore => {
  const sides = selectionIds.length * 2
  const store: BookStore = {
    status: 'OPEN',
    inPlay: false,
    version: 0,
    runnerIndex: new Map(selectionIds.map((id, i) => [id, i])),
    levelHead: new Int32Array(sides * TICK_COUNT).fill(NONE),
    levelTail: new Int32Array(sides * TICK_COUNT).fill(NONE),
    levelSize: new Float64Array(sides * TICK_COUNT),
    occupied: new Uint32Array(sides * WORDS),
    best: new Int16Array(sides).fill(NONE),
    traded: new Float64Array(selectionIds.length * TICK_COUNT),
    matched: new Float64Array(selectionIds.length),
    slotOf: new Map(),
    riskOf: new Map(),
    capacity: 0,
    orderIds: [],
    userIds: [],
    remaining: new Float64Array(0),
    next: new Int32Array(0),
    prev: new Int32Array(0),
    level: new Int32Array(0),
    persist: new Uint8Array(0),
    placedAt: new Float64Array(0),
    free: new Int32Array(0),
    freeCount: 0,
  }
  grow(store, INITIAL_CAPACITY)
  return store
}

const resized = <T extends Float64Array | Int32Array | Uint8Array>(a: T, size: number): T => {
  const b = new (a.constructor as new (n: number) => T)(size)
  b.set(a)
  return b
}

const grow = (s: BookStore, capacity: number): void => {
  const old = s.capacity
  s.remaining = resized(s.remaining, capacity)
  s.next = resized(s.next, capacity)
  s.prev = resized(s.prev, capacity)
  s.level = resized(s.level, capacity)
  s.persist = resized(s.persist, capacity)
  s.placedAt = resized(s.placedAt, capacity)
  s.free = resized(s.free, capacity)
  for (let slot = capacity - 1; slot >= old; slot--) s.free[s.freeCount++] = slot
  s.capacity = capacity
}

/** Takes a free slot and fills it in; the caller links it into a level with `linkTail`. */
export const allocate = (
  s: BookStore,
  orderId: string,
  userId: string,
  size: number,
  persist: number,
  at: number,
): number => {
  if (s.freeCount === 0) grow(s, s.capacity * 2)
  const slot = s.free[--s.freeCount]!
  s.orderIds[slot] = orderId
  s.userIds[slot] = userId
  s.remaining[slot] = size
  s.persist[slot] = persist
  s.placedAt[slot] = at
  s.slotOf.set(orderId, slot)
  return slot
}

const release = (s: BookStore, slot: number): void => {
  s.slotOf.delete(s.orderIds[slot]!)
  s.free[s.freeCount++] = slot
}

/** What the slot's unmatched part can lose: a back its remaining stake, a lay its liability. */
const slotRisk = (s: BookStore, slot: number): number => {
  const li = s.level[slot]!
  const rs = (li / TICK_COUNT) | 0
  const remaining = s.remaining[slot]!
  return (rs & 1) === BACK
    ? remaining
    : profitAtOdds(remaining as Paise, oddsAtTick(li - rs * TICK_COUNT) as Odds)
}

const addRisk = (s: BookStore, slot: number, sign: 1 | -1): void => {
  const user = s.userIds[slot]!
  const risk = (s.riskOf.get(user) ?? 0) + sign * slotRisk(s, slot)
  if (risk === 0) s.riskOf.delete(user)
  else s.riskOf.set(user, risk)
}

/** Sets a linked slot's unmatched part (a partial fill or a reduction), keeping level and risk sums. */
export const setRemaining = (s: BookStore, slot: number, remaining: number): void => {
  s.version++
  addRisk(s, slot, -1)
  s.levelSize[s.level[slot]!]! -= s.remaining[slot]! - remaining
  s.remaining[slot] = remaining
  addRisk(s, slot, 1)
}

/** Appends a slot to the FIFO of level `tick` on runner side `rs` (= runner × 2 + side). */
export const linkTail = (s: BookStore, slot: number, rs: number, tick: number): void => {
  const li = rs * TICK_COUNT + tick
  const tail = s.levelTail[li]!
  s.version++
  s.level[slot] = li
  s.prev[slot] = tail
  s.next[slot] = NONE
  s.levelTail[li] = slot
  s.levelSize[li]! += s.remaining[slot]!
  addRisk(s, slot, 1)
  if (tail !== NONE) {
    s.next[tail] = slot
    return
  }
  s.levelHead[li] = slot
  s.occupied[rs * WORDS + (tick >> 5)]! |= 1 << (tick & 31)
  const best = s.best[rs]!
  const better = (rs & 1) === BACK ? best === NONE || tick < best : tick > best
  if (better) s.best[rs] = tick
}

/**
 * Removes a slot from its level (head, middle or tail), frees it and, if the level empties,
 * clears its bit and moves the side's best price on.
 */
export const unlink = (s: BookStore, slot: number): void => {
  s.version++
  const li = s.level[slot]!
  const p = s.prev[slot]!
  const n = s.next[slot]!
  s.levelSize[li]! -= s.remaining[slot]!
  addRisk(s, slot, -1)
  if (p === NONE) s.levelHead[li] = n
  else s.next[p] = n
  if (n === NONE) s.levelTail[li] = p
  else s.prev[n] = p
  release(s, slot)
  if (s.levelHead[li] === NONE) emptied(s, li)
}

const emptied = (s: BookStore, li: number): void => {
  const rs = (li / TICK_COUNT) | 0
  const tick = li - rs * TICK_COUNT
  const base = rs * WORDS
  s.occupied[base + (tick >> 5)]! &= ~(1 << (tick & 31))
  s.levelSize[li] = 0
  if (s.best[rs] !== tick) return
  s.best[rs] =
    (rs & 1) === BACK
      ? lowestFrom(s.occupied, base, tick + 1)
      : highestFrom(s.occupied, base, tick - 1)
}

/** Smallest occupied tick ≥ from, NONE if there is none. */
export const lowestFrom = (bits: Uint32Array, base: number, from: number): number => {
  if (from >= TICK_COUNT) return NONE
  let w = from >> 5
  let word = bits[base + w]! & (-1 << (from & 31))
  for (;;) {
    if (word !== 0) return (w << 5) + 31 - Math.clz32(word & -word)
    if (++w >= WORDS) return NONE
    word = bits[base + w]!
  }
}

/** Largest occupied tick ≤ from, NONE if there is none. */
export const highestFrom = (bits: Uint32Array, base: number, from: number): number => {
  if (from < 0) return NONE
  let w = from >> 5
  const bit = from & 31
  let word = bit === 31 ? bits[base + w]! : bits[base + w]! & ((1 << (bit + 1)) - 1)
  for (;;) {
    if (word !== 0) return (w << 5) + 31 - Math.clz32(word)
    if (--w < 0) return NONE
    word = bits[base + w]!
  }
}

/** Base offset of a runner side's occupancy words (for lowestFrom/highestFrom). */
export const wordsBase = (rs: number): number => rs * WORDS

/** Slots in use, in no particular order (lifecycle operations that sweep the whole book). */
export const usedSlots = (s: BookStore): number[] => [...s.slotOf.values()]
