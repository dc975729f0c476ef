import type { Fancy, MarketDetail } from '@backlay/contract/match-details'
import type { RaceItem } from '@backlay/contract/racing'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { applyMessage, refetchPrivateState } from './realtime'
import { patchFancies, patchHistory, patchMarket, patchRace } from './stream-patches'

const offer = (price: number, size = 100) => ({ price, oprice: price, size })

const market = (id: string): MarketDetail =>
  ({
    market_id: id,
    status: 'OPEN',
    inplay: false,
    betDelay: 5,
    runners: [
      {
        selectionId: 'a',
        status: 'ACTIVE',
        win_loss: null,
        ex: { availableToBack: [offer(2)], availableToLay: [offer(2.02)], tradedVolume: 0 },
      },
      {
        selectionId: 'b',
        status: 'ACTIVE',
        win_loss: null,
        ex: { availableToBack: [offer(1.9)], availableToLay: [offer(1.92)], tradedVolume: 0 },
      },
    ],
  }) as unknown as MarketDetail

const line = (id: string, sort: number, back = 50): Fancy =>
  ({ fancy_id: id, sort_priority: sort, BackPrice1: back }) as Fancy

describe('patchMarket', () => {
  it('replaces only the sides a prices message carries and keeps untouched runners', () => {
    const m = market('1.1')
    const next = patchMarket(m, {
      type: 'prices',
      market_id: '1.1',
      seq: 2,
      runners: [{ selectionId: 'a', availableToBack: [offer(2.1)] }],
    })
    expect(next.runners[0]?.ex.availableToBack).toEqual([offer(2.1)])
    expect(next.runners[0]?.ex.availableToLay).toEqual([offer(2.02)])
    expect(next.runners[1]).toBe(m.runners[1])
  })

  it('applies status, in-play and runner statuses', () => {
    const next = patchMarket(market('1.1'), {
      type: 'status',
      market_id: '1.1',
      seq: 3,
      status: 'SUSPENDED',
      inplay: true,
      runners: [{ selectionId: 'b', status: 'SUSPENDED' }],
    })
    expect(next).toMatchObject({ status: 'SUSPENDED', inplay: true })
    expect(next.runners.map((r) => r.status)).toEqual(['ACTIVE', 'SUSPENDED'])
  })

  it('keeps the market and each runner as they were when a message repeats them', () => {
    const m = market('1.1')
    const b = m.runners[1]
    const image = {
      type: 'image',
      market_id: '1.1',
      seq: 2,
      status: 'OPEN',
      inplay: false,
      betDelay: 5,
      runners: m.runners.map((r) => ({
        selectionId: r.selectionId,
        status: r.status,
        availableToBack: r.ex.availableToBack.map((o) => ({ ...o })),
        availableToLay: r.ex.availableToLay.map((o) => ({ ...o })),
        tradedVolume: r.ex.tradedVolume,
      })),
    } as const
    expect(patchMarket(m, { ...image, runners: [...image.runners] })).toBe(m)
    const same = { selectionId: 'a', availableToBack: [offer(2)] }
    expect(patchMarket(m, { type: 'prices', market_id: '1.1', seq: 3, runners: [same] })).toBe(m)
    const [first, second] = image.runners
    if (!first || !second) throw new Error('two runners')
    const moved = patchMarket(m, {
      ...image,
      runners: [{ ...first, availableToBack: [offer(2.04)] }, second],
    })
    expect(moved).not.toBe(m)
    expect(moved.runners[0]?.ex.availableToBack).toEqual([offer(2.04)])
    expect(moved.runners[1]).toBe(b)
  })

  it('leaves another market as the same object', () => {
    const m = market('1.1')
    expect(patchMarket(m, { type: 'status', market_id: '9', seq: 1, status: 'CLOSED' })).toBe(m)
  })
})

describe('patchRace', () => {
  const race: RaceItem = {
    market_id: '1.7',
    match_id: 'r1',
    match_name: 'Kempton 14:05',
    market_name: 'R3 1m Hcap',
    match_date: '2026-11-23T14:05:00Z',
    market_start_time: '2026-11-23T14:05:00Z',
    inplay: false,
    status: 'OPEN',
    venue: 'Kempton',
    country_code: 'GB',
    other_markets: [],
  }

  it('takes the status and in-play flag of a status or image message', () => {
    const off = { type: 'status', market_id: '1.7', seq: 2, inplay: true } as const
    expect(patchRace(race, off)).toEqual({ ...race, inplay: true })
    const image = {
      type: 'image',
      market_id: '1.7',
      seq: 3,
      status: 'SUSPENDED',
      inplay: true,
      betDelay: 0,
      runners: [],
    } as const
    expect(patchRace(race, { ...image, runners: [] })).toEqual({
      ...race,
      status: 'SUSPENDED',
      inplay: true,
    })
  })

  it('keeps the same object for prices, another race or nothing new', () => {
    expect(patchRace(race, { type: 'prices', market_id: '1.7', seq: 4, runners: [] })).toBe(race)
    expect(patchRace(race, { type: 'status', market_id: '9', seq: 5, status: 'CLOSED' })).toBe(race)
    expect(patchRace(race, { type: 'status', market_id: '1.7', seq: 6, status: 'OPEN' })).toBe(race)
  })
})

describe('patchFancies', () => {
  it('keeps the object of a line an image repeats as it was', () => {
    const x = line('x', 1)
    const y = line('y', 2)
    const next = patchFancies([x, y], {
      type: 'fancy',
      match_id: 'm',
      seq: 5,
      image: true,
      fancies: [line('y', 2, 60), line('x', 1)],
      removed: [],
    })
    expect(next[0]).toBe(x)
    expect(next[1]).not.toBe(y)
    expect(next[1]?.BackPrice1).toBe(60)
  })

  it('merges changed lines, adds new ones, drops removed ids, keeps the display order', () => {
    const next = patchFancies([line('x', 1), line('y', 2)], {
      type: 'fancy',
      match_id: 'm',
      seq: 4,
      image: false,
      fancies: [line('z', 0), line('x', 1, 55)],
      removed: ['y'],
    })
    expect(next.map((f) => [f.fancy_id, f.BackPrice1])).toEqual([
      ['z', 50],
      ['x', 55],
    ])
  })
})

describe('applyMessage', () => {
  it('patches every cached match-details list holding the market and no other', () => {
    const client = new QueryClient()
    const other = [market('2.2')]
    client.setQueryData(['match-details', 'm1', false], [market('1.1')])
    client.setQueryData(['match-details', 'm2', false], other)
    applyMessage(client, { type: 'status', market_id: '1.1', seq: 1, status: 'SUSPENDED' })
    expect(client.getQueryData<MarketDetail[]>(['match-details', 'm1', false])?.[0]?.status).toBe(
      'SUSPENDED',
    )
    expect(client.getQueryData(['match-details', 'm2', false])).toBe(other)
  })

  it('writes balance pushes into the balance query', () => {
    const client = new QueryClient()
    applyMessage(client, { type: 'balance', balance: 900, liability: 100 })
    expect(client.getQueryData(['user', 'balance'])).toEqual({ balance: 900, liability: 100 })
  })
})

describe('patchHistory', () => {
  const history = {
    marketId: '1.1',
    runners: [
      {
        selectionId: 'a',
        lastTradedPrice: 2,
        tradedVolume: 100,
        points: [{ time: 60, price: 2, volume: 100 }],
        traded: [{ price: 2, volume: 100 }],
        feed: null,
      },
      {
        selectionId: 'b',
        lastTradedPrice: null,
        tradedVolume: 0,
        points: [],
        traded: [],
        feed: null,
      },
    ],
  }

  it('adds each match to its minute, its price and the runner totals', () => {
    const next = patchHistory(history, {
      type: 'trades',
      market_id: '1.1',
      seq: 4,
      trades: [
        { selectionId: 'a', price: 2.1, size: 0.1, at: 90_000 },
        { selectionId: 'a', price: 2, size: 0.2, at: 125_000 },
      ],
    })
    expect(next.runners[0]).toEqual({
      selectionId: 'a',
      lastTradedPrice: 2,
      tradedVolume: 100.3,
      points: [
        { time: 60, price: 2.1, volume: 100.1 },
        { time: 120, price: 2, volume: 0.2 },
      ],
      traded: [
        { price: 2, volume: 100.2 },
        { price: 2.1, volume: 0.1 },
      ],
      feed: null,
    })
    expect(next.runners[1]).toBe(history.runners[1])
  })

  it('reaches the cached history of its market', () => {
    const client = new QueryClient()
    client.setQueryData(['price-history', '1.1'], history)
    applyMessage(client, {
      type: 'trades',
      market_id: '1.1',
      seq: 5,
      trades: [{ selectionId: 'b', price: 3, size: 50, at: 0 }],
    })
    expect(client.getQueryData<typeof history>(['price-history', '1.1'])?.runners[1]).toMatchObject(
      {
        lastTradedPrice: 3,
        tradedVolume: 50,
        points: [{ time: 0, price: 3, volume: 50 }],
      },
    )
  })
})

describe('an automatic cash-out message', () => {
  it('makes the rule, the open bets and the positions be asked for again', () => {
    const client = new QueryClient()
    for (const key of [
      ['auto-cash-out', '1.1'],
      ['open-bets', 'x'],
      ['team-position', 'm'],
    ])
      client.setQueryData(key, { any: 1 })
    applyMessage(client, {
      type: 'autoCashOut',
      market_id: '1.1',
      state: 'DONE',
      msg: 'Automatic cash-out done.',
    })
    for (const key of [
      ['auto-cash-out', '1.1'],
      ['open-bets', 'x'],
      ['team-position', 'm'],
    ])
      expect(client.getQueryState(key)?.isInvalidated).toBe(true)
  })
})

describe('a (re)connect', () => {
  it('makes every private list be asked for again, and leaves public prices alone', () => {
    const client = new QueryClient()
    const privateKeys = [
      ['open-bets', 'all'],
      ['unmatched-bets', 'm1'],
      ['fancy-liability', 'm1'],
      ['team-position', 'm1'],
      ['auto-cash-out', '1.1'],
      ['user', 'balance'],
    ]
    for (const key of [...privateKeys, ['match-details', 'm1']])
      client.setQueryData(key, { any: 1 })
    refetchPrivateState(client)
    for (const key of privateKeys) expect(client.getQueryState(key)?.isInvalidated).toBe(true)
    expect(client.getQueryState(['match-details', 'm1'])?.isInvalidated).toBe(false)
  })
})
