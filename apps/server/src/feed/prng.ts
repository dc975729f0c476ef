/** A seeded pseudo-random source: the simulator's only randomness, so a seed replays a day exactly. */
export interface Prng {
  /** Uniform in [0, 1). */
  next(): number
}

/** FNV-1a 32-bit hash: stable ids and sub-seeds from names. hash32('Ascot') → 2393447040 */
export function hash32(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** mulberry32: tiny, fast and good enough for simulated prices (not for anything secret). */
export function createPrng(seed: string): Prng {
  let state = hash32(seed)
  return {
    next() {
      state = (state + 0x6d2b79f5) | 0
      let t = state
      t = Math.imul(t ^ (t >>> 15), t | 1)
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296
    },
  }
}

/** Integer in [min, max], both included. */
export const intBetween = (rng: Prng, min: number, max: number) =>
  min + Math.floor(rng.next() * (max - min + 1))

export const pick = <T>(rng: Prng, items: readonly T[]): T => {
  const item = items[Math.floor(rng.next() * items.length)]
  if (item === undefined) throw new Error('pick from an empty list')
  return item
}

/** `count` distinct items, in random order. */
export function pickDistinct<T>(rng: Prng, items: readonly T[], count: number): T[] {
  const pool = [...items]
  const out: T[] = []
  while (out.length < count && pool.length > 0) {
    out.push(pool.splice(Math.floor(rng.next() * pool.length), 1)[0] as T)
  }
  return out
}

/** Standard normal sample (Box–Muller). */
export function gaussian(rng: Prng): number {
  const u = 1 - rng.next()
  const v = rng.next()
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v)
}

/** Picks an index with the given probabilities (they sum to 1). */
export function pickWeighted(rng: Prng, probabilities: readonly number[]): number {
  let r = rng.next()
  for (let i = 0; i < probabilities.length; i++) {
    r -= probabilities[i] ?? 0
    if (r < 0) return i
  }
  return probabilities.length - 1
}
