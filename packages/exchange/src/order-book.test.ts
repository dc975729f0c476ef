import { describe, expect, it } from 'vitest'
import type { MarketId, Odds, OrderId, Paise, SelectionId, UserId } from './ids'
import { match } from './matching'
import {
  bookState,
  bookVersion,
  cancelOrder,
  cancelUserOrders,
  closeMarket,
  createBook,
  marketDepth,
  marketView,
  type OrderBook,
  type OrderRequest,
  reduceOrder,
  restingOrder,
  restingOrders,
  resumeMarket,
  setPersistence,
  suspendMarket,
  turnInPlay,
} from './order-book'

const A = 'A' as SelectionId
const B = 'B' as SelectionId
const newBook = () => createBook('1.1' as MarketId, [A, B])
/** A runner's matched stake per price, ascending price, read off its whole ladder. */
const tradedVolume = (book: OrderBook, selectionId: SelectionId) =>
  marketDepth(book).find((r) => r.selectionId === selectionId)?.traded ?? []

type Ask = Partial<Omit<OrderRequest, 'id'>> & { id: string }
const order = (o: Ask): OrderRequest => ({
  userId: 'u1' as UserId,
  selectionId: A,
  side: 'BACK',
  odds: 200 as Odds,
  size: 1000 as Paise,
  persistence: 'LAPSE',
  ...o,
  id: o.id as OrderId,
})

const place = (book: OrderBook, o: Ask, now = 0) => {
  const r = match(book, order(o), now)
  if (!r.ok) throw new Error(r.code)
  return r.value
}

describe('order book: matching', () => {
  it('rests an order that meets nothing', () => {
    const book = newBook()
    const placed = place(book, { id: 'b1', side: 'BACK', odds: 200 as Odds, size: 5000 as Paise })
    expect(placed).toEqual({ orderId: 'b1', fills: [], matched: 0, resting: 5000, lapsed: 0 })
    expect(restingOrder(book, 'b1' as OrderId)).toMatchObject({
      remaining: 5000,
      side: 'BACK',
      odds: 200,
    })
  })

  it('gives the taker the resting price (best execution) and rests the rest', () => {
    const book = newBook()
    place(book, {
      id: 'l1',
      userId: 'u2' as UserId,
      side: 'LAY',
      odds: 210 as Odds,
      size: 5000 as Paise,
    })
    const placed = place(
      book,
      { id: 'b1', side: 'BACK', odds: 200 as Odds, size: 8000 as Paise },
      7,
    )
    expect(placed.fills).toEqual([
      {
        selectionId: A,
        odds: 210,
        stake: 5000,
        liability: 5500,
        backOrderId: 'b1',
        backUserId: 'u1',
        layOrderId: 'l1',
        layUserId: 'u2',
        taker: 'BACK',
        at: 7,
      },
    ])
    expect(placed).toMatchObject({ matched: 5000, resting: 3000, lapsed: 0 })
    expect(restingOrder(book, 'l1' as OrderId)).toBeUndefined()
  })

  it('does not match when prices do not cross', () => {
    const book = newBook()
    place(book, { id: 'l1', side: 'LAY', odds: 190 as Odds })
    expect(place(book, { id: 'b1', side: 'BACK', odds: 200 as Odds }).fills).toEqual([])
    expect(place(book, { id: 'l2', side: 'LAY', odds: 198 as Odds }).fills).toEqual([])
  })

  it('takes best price first, then oldest first within a price', () => {
    const book = newBook()
    place(book, { id: 'b-old', side: 'BACK', odds: 202 as Odds, size: 1000 as Paise })
    place(book, { id: 'b-new', side: 'BACK', odds: 202 as Odds, size: 1000 as Paise })
    place(book, { id: 'b-best', side: 'BACK', odds: 200 as Odds, size: 1000 as Paise })
    const placed = place(book, { id: 'l1', side: 'LAY', odds: 210 as Odds, size: 2500 as Paise })
    expect(placed.fills.map((f) => [f.backOrderId, f.odds, f.stake])).toEqual([
      ['b-best', 200, 1000],
      ['b-old', 202, 1000],
      ['b-new', 202, 500],
    ])
    expect(restingOrder(book, 'b-new' as OrderId)?.remaining).toBe(500)
  })

  it('keeps runners apart', () => {
    const book = newBook()
    place(book, { id: 'l1', selectionId: B, side: 'LAY', odds: 300 as Odds })
    expect(
      place(book, { id: 'b1', selectionId: A, side: 'BACK', odds: 200 as Odds }).fills,
    ).toEqual([])
  })

  it('fills FILL_OR_KILL whole or not at all', () => {
    const book = newBook()
    place(book, { id: 'l1', side: 'LAY', odds: 200 as Odds, size: 1000 as Paise })
    const killed = place(book, {
      id: 'b1',
      side: 'BACK',
      odds: 200 as Odds,
      size: 1500 as Paise,
      timeInForce: 'FILL_OR_KILL',
    })
    expect(killed).toEqual({ orderId: 'b1', fills: [], matched: 0, resting: 0, lapsed: 1500 })
    expect(restingOrder(book, 'l1' as OrderId)?.remaining).toBe(1000)
    const filled = place(book, {
      id: 'b2',
      side: 'BACK',
      odds: 200 as Odds,
      size: 1000 as Paise,
      timeInForce: 'FILL_OR_KILL',
    })
    expect(filled).toMatchObject({ matched: 1000, resting: 0, lapsed: 0 })
  })

  it('refuses bad orders with codes and changes nothing', () => {
    const book = newBook()
    place(book, { id: 'b1' })
    const bad = (o: Ask) => match(book, order(o), 0)
    expect(bad({ id: 'x', odds: 201 as Odds })).toMatchObject({
      ok: false,
      code: 'ODDS.OFF_LADDER',
    })
    expect(bad({ id: 'x', size: 0 as Paise })).toMatchObject({
      ok: false,
      code: 'ORDER.INVALID_SIZE',
    })
    expect(bad({ id: 'x', size: 1.5 as Paise })).toMatchObject({
      ok: false,
      code: 'ORDER.INVALID_SIZE',
    })
    expect(bad({ id: 'x', selectionId: 'Z' as SelectionId })).toMatchObject({
      ok: false,
      code: 'ORDER.UNKNOWN_SELECTION',
    })
    expect(bad({ id: 'b1', side: 'LAY' })).toMatchObject({ ok: false, code: 'ORDER.DUPLICATE_ID' })
    expect(restingOrders(book)).toHaveLength(1)
  })
})

describe('order book: cancel, reduce, lifecycle', () => {
  it('cancels the unmatched part and keeps the matched part', () => {
    const book = newBook()
    place(book, { id: 'b1', side: 'BACK', odds: 200 as Odds, size: 3000 as Paise })
    place(book, {
      id: 'l1',
      userId: 'u2' as UserId,
      side: 'LAY',
      odds: 200 as Odds,
      size: 1000 as Paise,
    })
    expect(cancelOrder(book, 'b1' as OrderId)).toEqual({
      ok: true,
      value: { orderId: 'b1', userId: 'u1', selectionId: A, side: 'BACK', odds: 200, size: 2000 },
    })
    expect(tradedVolume(book, A)).toEqual([{ price: 200, size: 1000 }])
    expect(cancelOrder(book, 'b1' as OrderId)).toMatchObject({ ok: false, code: 'ORDER.NOT_FOUND' })
  })

  it('reduces in place and cancels when reduced by everything left', () => {
    const book = newBook()
    place(book, { id: 'b1', size: 2000 as Paise })
    place(book, { id: 'b2', size: 1000 as Paise })
    expect(reduceOrder(book, 'b1' as OrderId, 500 as Paise)).toMatchObject({
      ok: true,
      value: { size: 500 },
    })
    // b1 keeps its time priority.
    const placed = place(book, { id: 'l1', side: 'LAY', odds: 200 as Odds, size: 1500 as Paise })
    expect(placed.fills.map((f) => [f.backOrderId, f.stake])).toEqual([['b1', 1500]])
    expect(reduceOrder(book, 'b2' as OrderId, 5000 as Paise)).toMatchObject({
      ok: true,
      value: { size: 1000 },
    })
    expect(restingOrder(book, 'b2' as OrderId)).toBeUndefined()
    expect(reduceOrder(book, 'b1' as OrderId, 0 as Paise)).toMatchObject({ ok: false })
  })

  it('cancels all of one user’s orders in a market', () => {
    const book = newBook()
    place(book, { id: 'b1' })
    place(book, { id: 'b2', selectionId: B, side: 'LAY', odds: 150 as Odds })
    place(book, { id: 'b3', userId: 'u2' as UserId, odds: 300 as Odds })
    expect(
      cancelUserOrders(book, 'u1' as UserId)
        .map((c) => c.orderId)
        .sort(),
    ).toEqual(['b1', 'b2'])
    expect(restingOrders(book).map((r) => r.orderId)).toEqual(['b3'])
  })

  it('suspension blocks placing, not the resting orders', () => {
    const book = newBook()
    place(book, { id: 'b1' })
    expect(suspendMarket(book)).toEqual({ ok: true, value: 'SUSPENDED' })
    expect(match(book, order({ id: 'b2' }), 0)).toMatchObject({
      ok: false,
      code: 'MARKET.SUSPENDED',
    })
    expect(resumeMarket(book)).toEqual({ ok: true, value: 'OPEN' })
    expect(resumeMarket(book)).toMatchObject({ ok: false, code: 'MARKET.NOT_SUSPENDED' })
    expect(place(book, { id: 'b2' }).resting).toBe(1000)
  })

  it('turning in-play lapses LAPSE orders and keeps PERSIST ones', () => {
    const book = newBook()
    place(book, { id: 'lapse', persistence: 'LAPSE' })
    place(book, { id: 'keep', persistence: 'PERSIST', odds: 300 as Odds })
    expect(turnInPlay(book).map((c) => c.orderId)).toEqual(['lapse'])
    expect(bookState(book)).toEqual({ status: 'OPEN', inPlay: true })
    expect(restingOrders(book).map((r) => r.orderId)).toEqual(['keep'])
    place(book, { id: 'in-play', persistence: 'LAPSE' })
    expect(turnInPlay(book)).toEqual([])
    expect(restingOrders(book)).toHaveLength(2)
  })

  it('an order changed to keep in-play stays at the turn, and the choice closes with it', () => {
    const book = newBook()
    place(book, { id: 'kept', persistence: 'LAPSE' })
    place(book, { id: 'dropped', persistence: 'PERSIST', odds: 300 as Odds })
    expect(setPersistence(book, 'kept' as OrderId, 'PERSIST')).toMatchObject({
      ok: true,
      value: { orderId: 'kept', persistence: 'PERSIST' },
    })
    expect(setPersistence(book, 'dropped' as OrderId, 'LAPSE')).toMatchObject({ ok: true })
    expect(setPersistence(book, 'none' as OrderId, 'LAPSE')).toMatchObject({
      ok: false,
      code: 'ORDER.NOT_FOUND',
    })
    expect(turnInPlay(book).map((c) => c.orderId)).toEqual(['dropped'])
    expect(restingOrders(book).map((r) => r.orderId)).toEqual(['kept'])
    expect(setPersistence(book, 'kept' as OrderId, 'LAPSE')).toMatchObject({
      ok: false,
      code: 'ORDER.IN_PLAY',
    })
  })

  it('shows a runner’s whole ladder around its best price, with what matched at each price', () => {
    const book = newBook()
    place(book, {
      id: 'l1',
      side: 'LAY',
      odds: 200 as Odds,
      size: 5000 as Paise,
      userId: 'u2' as UserId,
    })
    place(book, { id: 'b1', side: 'BACK', odds: 204 as Odds, size: 3000 as Paise })
    place(book, { id: 'b2', side: 'BACK', odds: 200 as Odds, size: 1000 as Paise })
    expect(marketDepth(book)).toEqual([
      {
        selectionId: A,
        availableToBack: [{ price: 200, size: 4000 }],
        availableToLay: [{ price: 204, size: 3000 }],
        traded: [{ price: 200, size: 1000 }],
      },
      { selectionId: B, availableToBack: [], availableToLay: [], traded: [] },
    ])
  })

  it('closing cancels everything and refuses new orders', () => {
    const book = newBook()
    place(book, { id: 'b1' })
    expect(closeMarket(book).map((c) => c.size)).toEqual([1000])
    expect(match(book, order({ id: 'b2' }), 0)).toMatchObject({ ok: false, code: 'MARKET.CLOSED' })
    expect(suspendMarket(book)).toMatchObject({ ok: false, code: 'MARKET.CLOSED' })
  })

  it('wants distinct runners', () => {
    expect(() => createBook('1.1' as MarketId, [A, A])).toThrow(RangeError)
    expect(() => createBook('1.1' as MarketId, [])).toThrow(RangeError)
  })

  it('grows past its initial capacity and reuses freed slots', () => {
    const book = newBook()
    for (let i = 0; i < 500; i++) place(book, { id: `b${i}`, odds: (200 + 2 * (i % 50)) as Odds })
    expect(restingOrders(book)).toHaveLength(500)
    for (let i = 0; i < 500; i += 2) cancelOrder(book, `b${i}` as OrderId)
    for (let i = 0; i < 250; i++) place(book, { id: `c${i}`, odds: 400 as Odds })
    expect(restingOrders(book)).toHaveLength(500)
    expect(restingOrders(book, 'u1' as UserId)[0]?.orderId).toBe('b1')
  })
})

describe('order book: views (Betfair convention)', () => {
  it('availableToBack shows resting lays, availableToLay resting backs, best 3 each', () => {
    const book = newBook()
    for (const [i, odds] of [190, 192, 194, 196].entries()) {
      place(book, { id: `l${i}`, side: 'LAY', odds: odds as Odds, size: 1000 as Paise })
    }
    for (const [i, odds] of [200, 202, 202, 204, 210].entries()) {
      place(book, { id: `b${i}`, side: 'BACK', odds: odds as Odds, size: 1000 as Paise })
    }
    const view = marketView(book)
    expect(view.runners[0]).toMatchObject({
      selectionId: A,
      availableToBack: [
        { price: 196, size: 1000 },
        { price: 194, size: 1000 },
        { price: 192, size: 1000 },
      ],
      availableToLay: [
        { price: 200, size: 1000 },
        { price: 202, size: 2000 },
        { price: 204, size: 1000 },
      ],
      totalMatched: 0,
    })
    expect(tradedVolume(book, A)).toEqual([])
    expect(view.runners[1]).toMatchObject({ availableToBack: [], availableToLay: [] })
  })

  it('gives the best prices and total matched without the traded ladder', () => {
    const book = newBook()
    place(book, { id: 'l1', side: 'LAY', odds: 210 as Odds, size: 1000 as Paise })
    place(book, { id: 'l2', side: 'LAY', odds: 200 as Odds, size: 1000 as Paise })
    place(book, { id: 'b1', side: 'BACK', odds: 200 as Odds, size: 1500 as Paise })
    place(book, { id: 'b2', side: 'BACK', odds: 220 as Odds, size: 700 as Paise })
    expect(marketView(book).runners[0]).toEqual({
      selectionId: A,
      availableToBack: [{ price: 200, size: 500 }],
      availableToLay: [{ price: 220, size: 700 }],
      totalMatched: 1500,
    })
  })

  it('records traded volume per price', () => {
    const book = newBook()
    place(book, { id: 'l1', side: 'LAY', odds: 210 as Odds, size: 1000 as Paise })
    place(book, { id: 'l2', side: 'LAY', odds: 200 as Odds, size: 1000 as Paise })
    place(book, { id: 'b1', side: 'BACK', odds: 200 as Odds, size: 1500 as Paise })
    expect(tradedVolume(book, A)).toEqual([
      { price: 200, size: 500 },
      { price: 210, size: 1000 },
    ])
    expect(marketView(book).runners[0]?.totalMatched).toBe(1500)
  })
})

describe('bookVersion', () => {
  it('moves with every change a reader can see, and stays while the book is only read', () => {
    const book = newBook()
    const versions = [bookVersion(book)]
    const changed = () => {
      versions.push(bookVersion(book))
      return (versions.at(-1) ?? 0) > (versions.at(-2) ?? 0)
    }
    match(book, order({ id: 'lay', side: 'LAY', size: 1000 as Paise }), 0)
    expect(changed()).toBe(true)
    marketView(book)
    marketDepth(book)
    expect(changed()).toBe(false)
    // A back that takes part of the resting lay.
    match(book, order({ id: 'back', size: 400 as Paise, userId: 'u2' as UserId }), 1)
    expect(changed()).toBe(true)
    reduceOrder(book, 'lay' as OrderId, 100 as Paise)
    expect(changed()).toBe(true)
    cancelOrder(book, 'lay' as OrderId)
    expect(changed()).toBe(true)
    suspendMarket(book)
    expect(changed()).toBe(true)
    resumeMarket(book)
    expect(changed()).toBe(true)
    turnInPlay(book)
    expect(changed()).toBe(true)
    closeMarket(book)
    expect(changed()).toBe(true)
  })
})
