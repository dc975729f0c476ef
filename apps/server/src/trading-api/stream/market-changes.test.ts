import type { MarketDataField, MarketDefinition } from '@backlay/contract/betfair-stream'
import { describe, expect, it } from 'vitest'
import {
  dataView,
  imageOf,
  type MarketSnapshot,
  marketChangeOf,
  type RunnerSnapshot,
} from './market-changes'

const definition = {
  eventId: '30',
  eventTypeId: '4',
  marketType: 'MATCH_ODDS',
  status: 'OPEN',
  inPlay: false,
  betDelay: 0,
  marketTime: '2026-12-02T10:00:00.000Z',
  runners: [{ id: 1, status: 'ACTIVE' }],
} satisfies MarketDefinition

const runner = (over: Partial<RunnerSnapshot> = {}): RunnerSnapshot => ({
  id: 1,
  back: [
    { price: 2, size: 10 },
    { price: 1.99, size: 5 },
  ],
  lay: [{ price: 2.02, size: 7 }],
  traded: [],
  ltp: undefined,
  tv: 0,
  ...over,
})
const snapshot = (r: RunnerSnapshot, def: MarketDefinition = definition): MarketSnapshot => ({
  definition: def,
  runners: [r],
})
const view = (fields: MarketDataField[], levels = 3) => dataView(fields, levels)

describe('market stream changes', () => {
  const best = view(['EX_BEST_OFFERS', 'EX_MARKET_DEF'])

  it('sends a first image whole, with img and the definition', () => {
    const change = marketChangeOf('1.5', undefined, imageOf(snapshot(runner()), best), best)
    expect(change).toEqual({
      id: '1.5',
      img: true,
      marketDefinition: definition,
      rc: [
        {
          id: 1,
          batb: [
            [0, 2, 10],
            [1, 1.99, 5],
          ],
          batl: [[0, 2.02, 7]],
        },
      ],
    })
  })

  it('sends only the levels that moved, a level gone as size 0, and nothing when nothing moved', () => {
    const before = imageOf(snapshot(runner()), best)
    const after = imageOf(snapshot(runner({ back: [{ price: 2, size: 4 }] })), best)
    expect(marketChangeOf('1.5', before, after, best)).toEqual({
      id: '1.5',
      rc: [
        {
          id: 1,
          batb: [
            [0, 2, 4],
            [1, 0, 0],
          ],
        },
      ],
    })
    expect(marketChangeOf('1.5', after, after, best)).toBeNull()
  })

  it('keys full ladders and traded volume by price, with ltp and tv when they move', () => {
    const all = view(['EX_ALL_OFFERS', 'EX_TRADED', 'EX_TRADED_VOL', 'EX_LTP'])
    const before = imageOf(snapshot(runner()), all)
    const after = imageOf(
      snapshot(
        runner({
          back: [{ price: 1.99, size: 5 }],
          traded: [{ price: 2, size: 6 }],
          ltp: 2,
          tv: 6,
        }),
      ),
      all,
    )
    expect(marketChangeOf('1.5', before, after, all)).toEqual({
      id: '1.5',
      tv: 6,
      rc: [{ id: 1, atb: [[2, 0]], trd: [[2, 6]], ltp: 2, tv: 6 }],
    })
  })

  it('sends the definition again whole when anything in it changed, and the displayed ladder as bdatb/bdatl', () => {
    const display = view(['EX_BEST_OFFERS_DISP', 'EX_MARKET_DEF'], 1)
    const before = imageOf(snapshot(runner()), display)
    const suspended = { ...definition, status: 'SUSPENDED' } satisfies MarketDefinition
    const after = imageOf(snapshot(runner({ lay: [{ price: 2.04, size: 7 }] }), suspended), display)
    expect(marketChangeOf('1.5', before, after, display)).toEqual({
      id: '1.5',
      marketDefinition: suspended,
      rc: [{ id: 1, bdatl: [[0, 2.04, 7]] }],
    })
  })
})
