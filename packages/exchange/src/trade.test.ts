import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { MarketId, Odds, OrderId, Paise, SelectionId, UserId } from './ids'
import { match } from './matching'
import { cancelOrder, createBook, marketView, type OrderBook } from './order-book'
import { bestPricesOf, type CommittedChange, commitOrders, type TradeWrites } from './trade'

const A = 'A' as SelectionId
const B = 'B' as SelectionId
const market = { id: '1.1', eventId: 'e1', kind: 'MATCH_ODDS' }
const newBook = () => createBook('1.1' as MarketId, [A, B])

/** Places on the book and returns the change's writes, as the server's engine builds them. */
function place(
  book: OrderBook,
  id: string,
  userId: string,
  side: 'BACK' | 'LAY',
  odds: number,
  size: number,
): TradeWrites {
  const placed = match(
    book,
    {
      id: id as OrderId,
      userId: userId as UserId,
      selectionId: A,
      side,
      odds: odds as Odds,
      size: size as Paise,
      persistence: 'LAPSE',
    },
    0,
  )
  if (!placed.ok) throw new Error(placed.code)
  return {
    orders: [
      {
        id,
        leg: { selectionId: A, side, odds, line: null, stake: size },
        matched: placed.value.matched,
        matchedValue: placed.value.fills.reduce((s, f) => s + f.stake * f.odds, 0),
        remaining: placed.value.resting,
        cancelled: 0,
      },
    ],
    fills: [...placed.value.fills],
    cancels: [],
  }
}
const change = (userId: string, writes: TradeWrites): CommittedChange<'real'> => ({
  market,
  userId,
  book: 'real',
  inPlay: false,
  writes,
})

describe('commitOrders', () => {
  it('writes an order placed and matched in the same commit as it ends', () => {
    const book = newBook()
    const first = place(book, 'b1', 'u1', 'BACK', 200, 10_000)
    const second = place(book, 'l1', 'u2', 'LAY', 200, 4_000)
    const { created, older } = commitOrders([change('u1', first), change('u2', second)])
    expect(created.get('b1')).toMatchObject({
      matched: 4_000,
      matched_value: 4_000 * 200,
      remaining: 6_000,
      cancelled: 0,
      market_id: '1.1',
      event_id: 'e1',
      placed_inplay: false,
    })
    expect(created.get('l1')).toMatchObject({ matched: 4_000, remaining: 0 })
    expect(older.size).toBe(0)
  })

  it('moves only counters on an order of an earlier commit', () => {
    const book = newBook()
    place(book, 'b1', 'u1', 'BACK', 200, 10_000)
    const taker = place(book, 'l1', 'u2', 'LAY', 200, 3_000)
    const taken = cancelOrder(book, 'b1' as OrderId)
    if (!taken.ok) throw new Error(taken.code)
    const { created, older } = commitOrders([
      change('u2', taker),
      change('u1', { orders: [], fills: [], cancels: [{ orderId: 'b1', size: taken.value.size }] }),
    ])
    expect([...created.keys()]).toEqual(['l1'])
    expect(older.get('b1')).toEqual({ stake: 3_000, value: 3_000 * 200, cancelled: 7_000 })
  })

  it('keeps every order whole over random commits: matched + remaining + cancelled = stake', () => {
    const step = fc.record({
      side: fc.constantFrom('BACK' as const, 'LAY' as const),
      odds: fc.constantFrom(198, 200, 202),
      size: fc.integer({ min: 100, max: 5_000 }),
      cancelFirst: fc.boolean(),
    })
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 20 }), (steps) => {
        const book = newBook()
        const changes = steps.map((s, i) => {
          const writes = place(book, `o${i}`, `u${i % 3}`, s.side, s.odds, s.size)
          if (s.cancelFirst && i > 0) {
            const taken = cancelOrder(book, 'o0' as OrderId)
            if (taken.ok) writes.cancels.push({ orderId: 'o0', size: taken.value.size })
          }
          return change(`u${i % 3}`, writes)
        })
        const { created, older } = commitOrders(changes)
        expect(older.size).toBe(0)
        for (const o of created.values()) {
          expect(o.matched + o.remaining + o.cancelled).toBe(o.stake)
          expect(o.remaining).toBeGreaterThanOrEqual(0)
        }
      }),
    )
  })
})

describe('bestPricesOf', () => {
  it('takes the top of each side and leaves out a side with no offer', () => {
    const book = newBook()
    place(book, 'l1', 'u1', 'LAY', 200, 1_000)
    expect(bestPricesOf(marketView(book))).toEqual([
      { selectionId: A, back: 200 },
      { selectionId: B },
    ])
  })
})
