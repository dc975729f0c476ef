/**
 * Mixed order-book workload, run on our book and on the npm package `nodejs-order-book` with the
 * very same operation stream: 100 markets × 3 runners, each runner trading around its own mid
 * price; 55% passive orders resting up to 5 ticks behind the mid, 25% aggressive orders crossing
 * up to 3 ticks into the other side (partial fills, sweeps, remainders that rest), 20% cancels of
 * recent orders (some already matched, which both books answer as "not found").
 *
 * Mapping for the peer, one book per runner: a back at odds P wants P or more, like a sell at P; a
 * lay wants P or less, like a buy at P.
 *
 * Run: npm run bench -w packages/exchange
 */
import { OrderBook as PeerBook, Side as PeerSide } from 'nodejs-order-book'
import type { MarketId, Odds, OrderId, Paise, SelectionId, UserId } from '../src/ids'
import { oddsAtTick, TICK_COUNT } from '../src/ladder'
import { match } from '../src/matching'
import { cancelOrder, createBook, type OrderBook, type Side } from '../src/order-book'

const MARKETS = 100
const RUNNERS = 3
const USERS = 1000
const OPS = 1_000_000
const WARMUP_OPS = 300_000
const ROUNDS = 3
const CANCEL_WINDOW = 2000

const PLACE = 0
const CANCEL = 1

interface Workload {
  kind: Uint8Array
  market: Uint16Array
  runner: Uint8Array
  back: Uint8Array
  odds: Int32Array
  size: Int32Array
  /** order id index (place: its own id; cancel: the id to cancel) */
  ref: Int32Array
  ids: string[]
}

/** Deterministic PRNG so every run replays the same stream (mulberry32). */
const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

const workload = (ops: number, seed: number): Workload => {
  const rnd = prng(seed)
  const int = (n: number) => Math.floor(rnd() * n)
  const mids = Array.from({ length: MARKETS * RUNNERS }, () => 20 + int(TICK_COUNT - 60))
  const w: Workload = {
    kind: new Uint8Array(ops),
    market: new Uint16Array(ops),
    runner: new Uint8Array(ops),
    back: new Uint8Array(ops),
    odds: new Int32Array(ops),
    size: new Int32Array(ops),
    ref: new Int32Array(ops),
    ids: [],
  }
  // market and runner of each placed order, for the cancels that target it
  const placedAt: number[] = []
  let placed = 0
  for (let i = 0; i < ops; i++) {
    const roll = rnd()
    if (roll < 0.2 && placed > 0) {
      const target = placed - 1 - int(Math.min(placed, CANCEL_WINDOW))
      const at = placedAt[target] as number
      w.kind[i] = CANCEL
      w.ref[i] = target
      w.market[i] = w.market[at] as number
      w.runner[i] = w.runner[at] as number
      continue
    }
    const m = int(MARKETS)
    const r = int(RUNNERS)
    const mid = mids[m * RUNNERS + r] as number
    const back = rnd() < 0.5
    const aggressive = roll >= 0.75
    // Backs rest above the mid, lays at or below it; an aggressive order reaches across.
    const offset = aggressive ? -int(4) : int(5)
    const tick = back ? mid + 1 + offset : mid - offset
    w.kind[i] = PLACE
    w.market[i] = m
    w.runner[i] = r
    w.back[i] = back ? 1 : 0
    w.odds[i] = oddsAtTick(tick)
    w.size[i] = (1 + int(500)) * 100
    w.ref[i] = placed
    w.ids.push(`o${placed}`)
    placedAt.push(i)
    placed++
  }
  return w
}

const users = Array.from({ length: USERS }, (_, i) => `u${i}` as UserId)
const selections = Array.from({ length: RUNNERS }, (_, i) => `${47972 + i}` as SelectionId)

interface Engine {
  name: string
  /** runs the workload on fresh books and returns the matched volume; `lat` receives per-op latency */
  run(w: Workload, lat?: Float64Array): number
}

const ours: Engine = {
  name: '@backlay/exchange',
  run(w, lat) {
    const books: OrderBook[] = Array.from({ length: MARKETS }, (_, m) =>
      createBook(`1.${m}` as MarketId, selections),
    )
    const sides: Side[] = ['LAY', 'BACK']
    const n = w.kind.length
    let matched = 0
    for (let i = 0; i < n; i++) {
      const t0 = lat ? performance.now() : 0
      const book = books[w.market[i] as number] as OrderBook
      const id = w.ids[w.ref[i] as number] as OrderId
      if (w.kind[i] === CANCEL) {
        cancelOrder(book, id)
      } else {
        const placed = match(
          book,
          {
            id,
            userId: users[i % USERS] as UserId,
            selectionId: selections[w.runner[i] as number] as SelectionId,
            side: sides[w.back[i] as number] as Side,
            odds: w.odds[i] as Odds,
            size: w.size[i] as Paise,
            persistence: 'LAPSE',
          },
          i,
        )
        if (placed.ok) matched += placed.value.matched
      }
      if (lat) lat[i] = performance.now() - t0
    }
    return matched
  },
}

const peer: Engine = {
  name: 'nodejs-order-book',
  run(w, lat) {
    const books = Array.from({ length: MARKETS * RUNNERS }, () => new PeerBook())
    const n = w.kind.length
    let matched = 0
    for (let i = 0; i < n; i++) {
      const t0 = lat ? performance.now() : 0
      const book = books[(w.market[i] as number) * RUNNERS + (w.runner[i] as number)] as PeerBook
      const id = w.ids[w.ref[i] as number] as string
      if (w.kind[i] === CANCEL) {
        book.cancel(id)
      } else {
        const size = w.size[i] as number
        const placed = book.limit({
          id,
          side: w.back[i] === 1 ? PeerSide.SELL : PeerSide.BUY,
          size,
          price: w.odds[i] as number,
        })
        matched += size - placed.quantityLeft
      }
      if (lat) lat[i] = performance.now() - t0
    }
    return matched
  },
}

const throughput = (engine: Engine, w: Workload): number => {
  const t0 = performance.now()
  engine.run(w)
  return w.kind.length / ((performance.now() - t0) / 1000)
}

const percentile = (sorted: Float64Array, p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number

const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
const us = (ms: number) => `${(ms * 1000).toFixed(2)} µs`

const warm = workload(WARMUP_OPS, 7)
const stream = workload(OPS, 42)
const cancels = stream.kind.reduce((n, k) => n + (k === CANCEL ? 1 : 0), 0)
console.log(
  `workload: ${fmt(OPS)} ops (${fmt(OPS - cancels)} places, ${fmt(cancels)} cancels), ${MARKETS} markets × ${RUNNERS} runners, best of ${ROUNDS} rounds`,
)

const engines = [ours, peer]
const volumes = new Map<string, number>()
const best = new Map<string, number>()
for (const engine of engines) {
  engine.run(warm)
  volumes.set(engine.name, engine.run(stream))
}
// Rounds alternate the engines so a burst of load on a shared machine hits both alike.
for (let r = 0; r < ROUNDS; r++) {
  for (const engine of engines) {
    best.set(engine.name, Math.max(best.get(engine.name) ?? 0, throughput(engine, stream)))
  }
}
for (const engine of engines) {
  const lat = new Float64Array(OPS)
  engine.run(stream, lat)
  lat.sort()
  console.log(
    `${engine.name.padEnd(20)} ${fmt(best.get(engine.name) ?? 0).padStart(12)} orders/s   p50 ${us(percentile(lat, 0.5))}   p99 ${us(percentile(lat, 0.99))}   p99.9 ${us(percentile(lat, 0.999))}`,
  )
}
// Latencies are taken with two performance.now() calls per operation; print what that costs alone.
const probe = new Float64Array(OPS)
for (let i = 0; i < OPS; i++) {
  const t0 = performance.now()
  probe[i] = performance.now() - t0
}
probe.sort()
console.log(`timer overhead in the latencies: p50 ${us(percentile(probe, 0.5))}`)
// Same matched volume = both books really did the same matching work.
console.log(
  `matched volume: ours ${fmt(volumes.get(ours.name) ?? 0)}, peer ${fmt(volumes.get(peer.name) ?? 0)} (backer's stake, paise)`,
)
const ratio = (best.get(ours.name) ?? 0) / (best.get(peer.name) ?? 1)
console.log(`ratio ${ratio.toFixed(2)}× (target ≥ 3×); target ≥ 1,000,000 orders/s`)
