import type { MarketDefinition } from '@backlay/contract/betfair-stream'
import { describe, expect, it } from 'vitest'
import { catalogueOf, resultOf, unsupportedReason } from './catalogue-of'
import { MarketCache } from './market-cache'

const race = (over: Partial<MarketDefinition> = {}): MarketDefinition => ({
  eventId: '701',
  eventTypeId: '7',
  marketType: 'WIN',
  status: 'OPEN',
  inPlay: false,
  betDelay: 0,
  marketTime: '2026-11-25T15:00:00.000Z',
  venue: 'Ascot',
  countryCode: 'GB',
  runners: [
    { id: 31, status: 'ACTIVE', sortPriority: 1, name: 'Red Rum' },
    { id: 32, status: 'ACTIVE', sortPriority: 2 },
  ],
  ...over,
})

const cacheWith = (definition: MarketDefinition, id = '1.301') => {
  const cache = new MarketCache()
  cache.apply({
    op: 'mcm',
    pt: 1000,
    mc: [
      {
        id,
        img: true,
        marketDefinition: definition,
        rc: [
          {
            id: 31,
            atb: [
              [2.9, 5],
              [3, 10.25],
              [2.8, 1],
              [2.7, 4],
            ],
            atl: [
              [3.2, 7],
              [3.1, 2],
            ],
            tv: 12.5,
          },
          {
            id: 32,
            bdatb: [
              [1, 1.99, 3],
              [0, 2, 9],
            ],
            batb: [[0, 1.5, 1]],
            trd: [
              [2, 4],
              [2.02, 6],
            ],
          },
        ],
      },
    ],
  })
  return [...cache.markets.values()]
}

describe('catalogueOf', () => {
  it('files a race as an event of its own under its meeting, with Betfair ids, best levels and volume', () => {
    const update = catalogueOf(cacheWith(race()), 5000, 60_000)
    expect(update.sports).toEqual([{ id: '7', name: 'Horse Racing', sortOrder: 4 }])
    expect(update.competitions).toEqual([
      { id: '701', sportId: '7', name: 'Ascot', countryCode: 'GB' },
    ])
    const start = Date.parse('2026-11-25T15:00:00.000Z') + 60_000
    const raceId = `701.${Date.parse('2026-11-25T15:00:00.000Z') / 1000}`
    expect(update.events).toEqual([
      {
        id: raceId,
        sportId: '7',
        competitionId: '701',
        name: 'Ascot Win',
        startTime: start,
        status: 'UPCOMING',
        venue: 'Ascot',
        countryCode: 'GB',
      },
    ])
    expect(update.markets[0]).toMatchObject({
      id: '1.301',
      eventId: raceId,
      kind: 'WIN',
      marketType: 'WIN',
      winners: 1,
      status: 'OPEN',
      inplay: false,
      startTime: start,
      betDelaySeconds: 5,
      winnerSelectionId: null,
    })
    expect(update.runners).toEqual([
      expect.objectContaining({
        selectionId: '31',
        name: 'Red Rum',
        status: 'ACTIVE',
        back: [
          { price: 300, size: 1025 },
          { price: 290, size: 500 },
          { price: 280, size: 100 },
        ],
        lay: [
          { price: 310, size: 200 },
          { price: 320, size: 700 },
        ],
        tradedVolume: 1250,
      }),
      expect.objectContaining({
        selectionId: '32',
        name: 'Selection 32',
        back: [
          { price: 200, size: 900 },
          { price: 199, size: 300 },
        ],
        lay: [],
        tradedVolume: 1000,
      }),
    ])
  })

  it('turns in-play with the in-play delay, and closes with the winner once Betfair declares it', () => {
    const inplay = catalogueOf(cacheWith(race({ inPlay: true, betDelay: 9 })), 0, 0)
    expect(inplay.events[0]?.status).toBe('IN_PLAY')
    expect(inplay.markets[0]).toMatchObject({ inplay: true, betDelaySeconds: 9 })

    const closed = catalogueOf(
      cacheWith(
        race({
          status: 'CLOSED',
          inPlay: true,
          runners: [
            { id: 31, status: 'LOSER' },
            { id: 32, status: 'WINNER' },
            { id: 33, status: 'REMOVED', adjustmentFactor: 20 },
          ],
        }),
      ),
      0,
      0,
    )
    expect(closed.events[0]?.status).toBe('CLOSED')
    expect(closed.markets[0]).toMatchObject({ status: 'CLOSED', winnerSelectionId: '32' })
    expect(closed.runners.map((r) => [r.selectionId, r.status, r.back.length])).toEqual([
      ['31', 'LOSER', 0],
      ['32', 'WINNER', 0],
      ['33', 'REMOVED', 0],
    ])
  })

  it('carries a non-runner with its reduction factor and removal time, shifted like the rest', () => {
    const hour = 3_600_000
    const update = catalogueOf(
      cacheWith(
        race({
          runners: [
            { id: 31, status: 'ACTIVE' },
            {
              id: 33,
              status: 'REMOVED',
              adjustmentFactor: 12.35,
              removalDate: '2026-11-25T14:40:00.000Z',
            },
            { id: 34, status: 'REMOVED_VACANT' },
          ],
        }),
      ),
      Date.parse('2026-11-25T14:41:00.000Z'),
      hour,
    )
    expect(update.runners.map((r) => r.removal)).toEqual([
      undefined,
      { factorBp: 1235, at: Date.parse('2026-11-25T14:40:00.000Z') + hour },
      { factorBp: 0, at: Date.parse('2026-11-25T14:41:00.000Z') },
    ])
  })

  it('closes a dead heat with every winner, for the settlement to share the win', () => {
    const deadHeat = race({
      status: 'CLOSED',
      runners: [
        { id: 31, status: 'WINNER' },
        { id: 32, status: 'WINNER' },
      ],
    })
    expect(resultOf(deadHeat)).toEqual({ winnerSelectionId: '31', deadHeatWith: ['32'] })
    const update = catalogueOf(cacheWith(deadHeat), 0, 0)
    expect(update.markets[0]).toMatchObject({
      status: 'CLOSED',
      winnerSelectionId: '31',
      deadHeatWith: ['32'],
    })
    expect(update.runners.map((r) => r.status)).toEqual(['WINNER', 'WINNER'])
  })

  it('closes a market Betfair voided (no winner) as void', () => {
    const voided = race({ status: 'CLOSED', runners: [{ id: 31, status: 'LOSER' }] })
    expect(resultOf(voided)).toEqual({ winnerSelectionId: null, deadHeatWith: [] })
    expect(catalogueOf(cacheWith(voided), 0, 0).markets[0]?.status).toBe('CLOSED')
  })

  it('files other sports under a competition per sport and country, and skips what it does not carry', () => {
    const match = race({
      eventTypeId: '4',
      marketType: 'MATCH_ODDS',
      countryCode: 'IN',
      eventName: 'India v England',
    })
    const update = catalogueOf(cacheWith(match), 0, 0)
    expect(update.events[0]).toMatchObject({ id: '701', name: 'India v England', sportId: '4' })
    expect(update.competitions[0]).toMatchObject({ name: 'Cricket IN', sportId: '4' })
    expect(update.markets[0]).toMatchObject({
      kind: 'MATCH_ODDS',
      minStake: 100,
      maxStake: 1_00_000_00,
    })

    expect(unsupportedReason(race({ eventTypeId: '99' }))).toBe('event type 99')
    expect(unsupportedReason(race({ marketType: 'EACH_WAY' }))).toBe('market type EACH_WAY')
    const asian = race({
      eventTypeId: '1',
      marketType: 'ASIAN_HANDICAP',
      bettingType: 'ASIAN_HANDICAP_DOUBLE_LINE',
    })
    expect(unsupportedReason(asian)).toBe('market type ASIAN_HANDICAP')
    const lines = race({
      eventTypeId: '1',
      marketType: 'ALT_TOTAL_GOALS',
      runners: [{ id: 31, status: 'ACTIVE', hc: 2.5 }],
    })
    expect(unsupportedReason(lines)).toBe('market type ALT_TOTAL_GOALS')
    const topScorers = race({ eventTypeId: '1', marketType: 'TOP_SCORERS', numberOfWinners: 3 })
    expect(catalogueOf(cacheWith(topScorers), 0, 0).markets).toEqual([])
  })

  it("files a race's place market under the race, with its places, named from the win market", () => {
    const place = race({ marketType: 'PLACE', name: 'To Be Placed', numberOfWinners: 3 })
    const alone = catalogueOf(cacheWith(place), 0, 0)
    const raceId = `701.${Date.parse('2026-11-25T15:00:00.000Z') / 1000}`
    // Before its win market is seen, the race is named by its venue and time.
    expect(alone.events[0]).toMatchObject({ id: raceId, name: 'Ascot 15:00' })
    expect(alone.markets[0]).toMatchObject({
      eventId: raceId,
      kind: 'ODDS',
      name: 'To Be Placed',
      marketType: 'PLACE',
      winners: 3,
      sortPriority: 1,
    })
    const named = catalogueOf(cacheWith(place), 0, 0, {
      raceNames: new Map([[raceId, '1m Hcap']]),
    })
    expect(named.events[0]?.name).toBe('Ascot 1m Hcap')
  })

  it("files a football event's other markets (over/under, correct score) beside its match odds", () => {
    const goals = race({
      eventTypeId: '1',
      marketType: 'OVER_UNDER_25',
      name: 'Over/Under 2.5 Goals',
    })
    const update = catalogueOf(cacheWith(goals), 0, 0)
    expect(update.events[0]).toMatchObject({ id: '701' })
    expect(update.markets[0]).toMatchObject({
      kind: 'ODDS',
      marketType: 'OVER_UNDER_25',
      winners: 1,
    })
  })
})
