import type { DepthMessage } from '@backlay/contract/stream'
import type { MarketId, Odds, OrderId, Paise, SelectionId, UserId } from '@backlay/exchange/ids'
import { match } from '@backlay/exchange/matching'
import { cancelOrder, createBook, type Fill } from '@backlay/exchange/order-book'
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import { describe, expect, it } from 'vitest'
import type { Database } from '../db/schema'
import { inProcessBus } from '../stream/message-bus'
import { MarketPublisher } from './market-publisher'
import type { MarketState } from './market-state'

const A = 'A' as SelectionId
const B = 'B' as SelectionId

/** A market with a book and nothing published yet, and every message its channel gets. */
function publishing() {
  const bus = inProcessBus()
  const sent: { runners: { selectionId: string }[]; seq: number }[] = []
  bus.subscribe('market:1.1', (message) => sent.push(message as (typeof sent)[number]))
  const depth: DepthMessage[] = []
  bus.subscribe('ladder:1.1', (message) => depth.push(message as DepthMessage))
  const state: MarketState = {
    id: '1.1',
    kind: 'MATCH_ODDS',
    eventId: '1',
    sportId: '4',
    name: 'Match Odds',
    selectionIds: [A, B],
    winners: 1,
    book: createBook('1.1' as MarketId, [A, B]),
    positions: new Map(),
    settled: false,
    lastPrices: new Map(),
    lastDepth: new Map(),
  }
  // Prices are published from the book alone: the store and the log are never reached.
  const publisher = new MarketPublisher(
    bus,
    undefined as unknown as Kysely<Database>,
    undefined as unknown as FastifyBaseLogger,
  )
  const rest = (
    id: string,
    selectionId: SelectionId,
    side: 'BACK' | 'LAY',
    odds: number,
  ): readonly Fill[] => {
    const placed = match(
      state.book as NonNullable<MarketState['book']>,
      {
        id: id as OrderId,
        userId: 'u1' as UserId,
        selectionId,
        side,
        odds: odds as Odds,
        size: 1000 as Paise,
        persistence: 'LAPSE',
      },
      0,
    )
    if (!placed.ok) throw new Error(placed.code)
    return placed.value.fills
  }
  return { state, publisher, sent, depth, rest }
}

describe('price updates', () => {
  it('sends every runner first, then only the runners whose prices or matched total changed', () => {
    const { state, publisher, sent, rest } = publishing()
    rest('l1', A, 'LAY', 200)
    publisher.publishPrices(state)
    expect(sent.at(-1)?.runners.map((r) => r.selectionId)).toEqual([A, B])

    publisher.publishPrices(state)
    expect(sent).toHaveLength(1)

    rest('l2', B, 'LAY', 300)
    publisher.publishPrices(state)
    expect(sent.at(-1)).toMatchObject({
      seq: 2,
      runners: [{ selectionId: B, availableToBack: [{ price: 3, size: 10 }] }],
    })

    // A fill changes A's ladder and its matched total; B stays as it was sent.
    rest('b1', A, 'BACK', 200)
    publisher.publishPrices(state)
    expect(sent.at(-1)).toMatchObject({
      seq: 3,
      runners: [{ selectionId: A, availableToBack: [], tradedVolume: 10 }],
    })
    expect(sent).toHaveLength(3)
  })
})

describe('ladder depth', () => {
  it('sends the whole book first, then only the prices that changed, anywhere on the ladder', () => {
    const { state, publisher, depth, rest } = publishing()
    rest('l1', A, 'LAY', 200)
    publisher.publishPrices(state)
    expect(depth).toEqual([
      {
        type: 'depth',
        market_id: '1.1',
        seq: 1,
        image: true,
        runners: [
          { selectionId: A, back: [{ price: 2, size: 10 }], lay: [], traded: [] },
          { selectionId: B, back: [], lay: [], traded: [] },
        ],
      },
    ])
    publisher.publishPrices(state)
    expect(depth).toHaveLength(1)

    // A back far above the best three prices is still a change of the ladder.
    rest('b8', A, 'BACK', 800)
    publisher.publishPrices(state)
    expect(depth.at(-1)).toEqual({
      type: 'depth',
      market_id: '1.1',
      seq: 2,
      image: false,
      runners: [{ selectionId: A, lay: [{ price: 8, size: 10 }] }],
    })

    // A match: the level it took is gone (size 0), the traded price and the last traded price.
    const fills = rest('b2', A, 'BACK', 200)
    publisher.publishPrices(state, fills)
    expect(depth.at(-1)?.runners).toEqual([
      {
        selectionId: A,
        lastTradedPrice: 2,
        back: [{ price: 2, size: 0 }],
        traded: [{ price: 2, size: 10 }],
      },
    ])

    const book = state.book as NonNullable<MarketState['book']>
    expect(cancelOrder(book, 'b8' as OrderId).ok).toBe(true)
    publisher.publishPrices(state)
    expect(depth.at(-1)?.runners).toEqual([{ selectionId: A, lay: [{ price: 8, size: 0 }] }])
  })
})
