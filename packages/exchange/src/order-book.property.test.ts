import { isDeepStrictEqual } from 'node:util'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { betPL, fillBets, unmatchedRisk } from './exposure'
import type { MarketId, Odds, OrderId, Paise, SelectionId, UserId } from './ids'
import { oddsAtTick } from './ladder'
import { match } from './matching'
import { profitAtOdds } from './money'
import {
  cancelOrder,
  createBook,
  type Fill,
  marketDepth,
  marketView,
  type OrderRequest,
  type RunnerPrices,
  reduceOrder,
  restingOrders,
  restingRiskOf,
  type Side,
  samePrices,
  turnInPlay,
} from './order-book'

const RUNNERS = ['A', 'B'] as SelectionId[]

type Op =
  | {
      kind: 'place'
      runner: number
      side: Side
      tick: number
      size: number
      user: number
      persist: boolean
      fok: boolean
      /** FILL_OR_KILL's least fill, as a share of the size in tenths (10: the whole size) */
      minFillTenths: number
    }
  | { kind: 'cancel'; pick: number }
  | { kind: 'reduce'; pick: number; by: number }
  | { kind: 'inPlay' }

// A narrow band of ticks (1.90 … 2.20) so that orders cross often.
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      runner: fc.integer({ min: 0, max: 1 }),
      side: fc.constantFrom<Side>('BACK', 'LAY'),
      tick: fc.integer({ min: 89, max: 109 }),
      size: fc.integer({ min: 1, max: 5000 }),
      user: fc.integer({ min: 0, max: 3 }),
      persist: fc.boolean(),
      fok: fc.integer({ min: 0, max: 9 }).map((n) => n < 3),
      minFillTenths: fc.integer({ min: 1, max: 10 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('reduce' as const),
      pick: fc.nat(),
      by: fc.integer({ min: 1, max: 3000 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'inPlay' as const }) },
)

/** A deliberately naive reference: a flat list, sorted on every order. */
interface ModelOrder {
  id: string
  user: string
  runner: number
  side: Side
  odds: number
  remaining: number
  seq: number
  persist: boolean
}

const modelMatch = (resting: ModelOrder[], o: OrderRequest, runner: number, seq: number) => {
  const isBack = o.side === 'BACK'
  const candidates = resting
    .filter((r) => r.runner === runner && r.side !== o.side)
    .filter((r) => (isBack ? r.odds >= o.odds : r.odds <= o.odds))
    .sort((a, b) => (isBack ? b.odds - a.odds : a.odds - b.odds) || a.seq - b.seq)
  const available = candidates.reduce((s, r) => s + r.remaining, 0)
  const fills: Fill[] = []
  if (o.timeInForce === 'FILL_OR_KILL' && available < (o.minFillSize ?? o.size))
    return { fills, rest: undefined }
  let left: number = o.size
  for (const r of candidates) {
    if (left === 0) break
    const stake = Math.min(left, r.remaining) as Paise
    const odds = r.odds as Odds
    fills.push({
      selectionId: o.selectionId,
      odds,
      stake,
      liability: profitAtOdds(stake, odds),
      backOrderId: (isBack ? o.id : r.id) as OrderId,
      backUserId: (isBack ? o.userId : r.user) as UserId,
      layOrderId: (isBack ? r.id : o.id) as OrderId,
      layUserId: (isBack ? r.user : o.userId) as UserId,
      taker: o.side,
      at: seq,
    })
    r.remaining -= stake
    left -= stake
  }
  const rest =
    left > 0 && o.timeInForce !== 'FILL_OR_KILL'
      ? {
          id: o.id,
          user: o.userId,
          runner,
          side: o.side,
          odds: o.odds,
          remaining: left,
          seq,
          persist: o.persistence === 'PERSIST',
        }
      : undefined
  return { fills, rest }
}

describe('order book properties over random order streams', () => {
  it("matches like the naive reference, never crosses, never overfills, conserves every fill, keeps each user's resting risk", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 120 }), (ops) => {
        const book = createBook('1.9' as MarketId, RUNNERS)
        let model: ModelOrder[] = []
        let inPlay = false
        const sizes = new Map<string, number>()
        const filled = new Map<string, number>()
        const removed = new Map<string, number>()
        const ids: string[] = []
        let pricesBefore: RunnerPrices[] = []
        const addTo = (m: Map<string, number>, id: string, n: number) =>
          m.set(id, (m.get(id) ?? 0) + n)

        ops.forEach((o, seq) => {
          if (o.kind === 'place') {
            const id = `o${seq}`
            const request: OrderRequest = {
              id: id as OrderId,
              userId: `u${o.user}` as UserId,
              selectionId: RUNNERS[o.runner] as SelectionId,
              side: o.side,
              odds: oddsAtTick(o.tick),
              size: o.size as Paise,
              persistence: o.persist ? 'PERSIST' : 'LAPSE',
              ...(o.fok ? { timeInForce: 'FILL_OR_KILL' as const } : {}),
              ...(o.fok && o.minFillTenths < 10
                ? { minFillSize: Math.ceil((o.size * o.minFillTenths) / 10) as Paise }
                : {}),
            }
            const placed = match(book, request, seq)
            if (!placed.ok) throw new Error(placed.code)
            const expected = modelMatch(model, request, o.runner, seq)
            expect(placed.value.fills).toEqual(expected.fills)
            model = model.filter((r) => r.remaining > 0)
            if (expected.rest) model.push(expected.rest)
            ids.push(id)
            sizes.set(id, o.size)
            expect(placed.value.matched + placed.value.resting + placed.value.lapsed).toBe(o.size)
            addTo(removed, id, placed.value.lapsed)
            for (const f of placed.value.fills) {
              // Back profit and lay liability are one number, the exact figure rounded down.
              expect(f.liability).toBe(profitAtOdds(f.stake, f.odds))
              expect(f.liability).toBeLessThanOrEqual((f.stake * (f.odds - 100)) / 100)
              expect(f.liability).toBeGreaterThan((f.stake * (f.odds - 100)) / 100 - 1)
              // What the backer wins is exactly what the layer loses, and the reverse.
              const [back, lay] = fillBets(f)
              for (const winner of RUNNERS) {
                expect(betPL(back, winner) + betPL(lay, winner)).toBe(0)
              }
              expect(betPL(back, f.selectionId)).toBe(f.liability)
              // Each side got its own price or better.
              const limit = request.odds
              if (request.side === 'BACK') expect(f.odds).toBeGreaterThanOrEqual(limit)
              else expect(f.odds).toBeLessThanOrEqual(limit)
              addTo(filled, f.backOrderId, f.stake)
              addTo(filled, f.layOrderId, f.stake)
            }
          } else if (o.kind === 'cancel' || o.kind === 'reduce') {
            const id = ids[o.pick % Math.max(1, ids.length)]
            if (id === undefined) return
            const before = filled.get(id) ?? 0
            const r =
              o.kind === 'cancel'
                ? cancelOrder(book, id as OrderId)
                : reduceOrder(book, id as OrderId, o.by as Paise)
            const m = model.find((x) => x.id === id)
            expect(r.ok).toBe(m !== undefined)
            if (r.ok && m) {
              const by = o.kind === 'cancel' ? m.remaining : Math.min(o.by, m.remaining)
              expect(r.value.size).toBe(by)
              m.remaining -= by
              model = model.filter((x) => x.remaining > 0)
              addTo(removed, id, by)
            }
            // Cancel after a partial fill leaves what matched untouched.
            expect(filled.get(id) ?? 0).toBe(before)
          } else {
            const lapsed = turnInPlay(book)
            const expectedLapsed = inPlay ? [] : model.filter((r) => !r.persist)
            expect(lapsed.map((c) => c.orderId).sort()).toEqual(
              expectedLapsed.map((r) => r.id).sort(),
            )
            for (const c of lapsed) addTo(removed, c.orderId, c.size)
            if (!inPlay) model = model.filter((r) => r.persist)
            inPlay = true
          }

          const resting = restingOrders(book)
          expect(resting.map((r) => [r.orderId, r.remaining]).sort()).toEqual(
            model.map((r) => [r.id, r.remaining]).sort(),
          )
          // Each user's resting risk, kept as orders come and go, is what their orders add up to.
          for (const user of ['u0', 'u1', 'u2', 'u3'] as UserId[]) {
            const risk = model
              .filter((r) => r.user === user)
              .reduce(
                (sum, r) =>
                  sum +
                  unmatchedRisk({
                    selectionId: RUNNERS[r.runner] as SelectionId,
                    side: r.side,
                    odds: r.odds as Odds,
                    stake: r.remaining as Paise,
                  }),
                0,
              )
            expect(restingRiskOf(book, user)).toBe(risk)
          }
          // What a price update leaves out is exactly what a deep comparison finds unchanged.
          const prices = marketView(book).runners
          prices.forEach((now, i) => {
            const before = pricesBefore[i]
            expect(samePrices(now, before)).toBe(isDeepStrictEqual(now, before))
          })
          pricesBefore = prices
          for (const runner of marketView(book).runners) {
            const bestBack = runner.availableToBack[0]?.price ?? 0
            const bestLay = runner.availableToLay[0]?.price ?? Number.POSITIVE_INFINITY
            expect(bestBack).toBeLessThan(bestLay)
          }
        })

        const restingSize = new Map(
          restingOrders(book).map((r) => [r.orderId as string, r.remaining]),
        )
        for (const [id, size] of sizes) {
          const f = filled.get(id) ?? 0
          expect(f).toBeLessThanOrEqual(size)
          expect(f + (removed.get(id) ?? 0) + (restingSize.get(id) ?? 0)).toBe(size)
        }
        const { runners } = marketView(book)
        // The running total a price update reads agrees with the traded ladder it skips.
        const depth = marketDepth(book)
        runners.forEach((r, i) => {
          expect(r.totalMatched).toBe(depth[i]?.traded.reduce((sum, l) => sum + l.size, 0))
          // The ladder's every level begins with the best prices the view shows.
          expect(depth[i]?.availableToBack.slice(0, r.availableToBack.length)).toEqual(
            r.availableToBack,
          )
          expect(depth[i]?.availableToLay.slice(0, r.availableToLay.length)).toEqual(
            r.availableToLay,
          )
        })
        const traded = runners.reduce((s, r) => s + r.totalMatched, 0)
        const fillTotal = [...filled.values()].reduce((s, n) => s + n, 0) / 2
        expect(traded).toBe(fillTotal)
      }),
      { numRuns: 300 },
    )
  })
})
