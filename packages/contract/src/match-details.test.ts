import { describe, expect, it } from 'vitest'
import {
  eventsLimitResponse,
  fanciesResponse,
  matchDetailsRequest,
  matchDetailsResponse,
} from './match-details'
import { aMarketDetail, msg } from './test-fixtures'

describe('match details', () => {
  it('the auth call needs combine true; ids may be numbers', () => {
    expect(
      matchDetailsRequest.parse({ match_id: 33, market_id: '1.234', combine: true }).match_id,
    ).toBe('33')
    expect(matchDetailsRequest.safeParse({ match_id: 'm1', combine: false }).success).toBe(false)
  })
  it('parses a market of the spec shape; empty data is allowed (client goes home)', () => {
    const r = matchDetailsResponse.parse({ status: true, data: [aMarketDetail] })
    expect(r.data[0]?.runners[0]?.ex.availableToBack[0]?.oprice).toBe(1.95)
    expect(matchDetailsResponse.parse({ status: true, data: [] }).data).toEqual([])
  })
})

describe('fancies and limits', () => {
  it('parses a session line with BackPrice1/LayPrice1/BackSize1/LaySize1/category', () => {
    const line = {
      fancy_id: 'f-9',
      fancy_name: '6 over runs IND',
      match_id: 'm1',
      BackPrice1: 46,
      LayPrice1: 45,
      BackSize1: 100,
      LaySize1: 100,
      category: 0,
      status: 'OPEN',
      is_active: 1,
      GameStatus: '',
      betDelay: 5,
      event_type: null,
      sort_priority: 1,
    }
    expect(fanciesResponse.parse({ status: true, data: [line] }).data[0]?.BackPrice1).toBe(46)
  })
  it('limits: per market id, data.session per fancy id, check_event_limit', () => {
    const r = eventsLimitResponse.parse({
      status: true,
      data: {
        '1.234': { market_min_stack: 100, market_max_stack: 500000, max_profit: 1000000 },
        session: {
          'f-9': { session_min_stack: 100, session_max_stack: 50000, max_profit: 100000 },
        },
        check_event_limit: true,
      },
    })
    expect(r.data['1.234']).toEqual({
      market_min_stack: 100,
      market_max_stack: 500000,
      max_profit: 1000000,
    })
    const bad = eventsLimitResponse.safeParse({
      status: true,
      data: { session: {}, check_event_limit: true, '1.2': { market_min_stack: 'x' } },
    })
    expect(msg(bad)).toMatch(/^data\.1\.2\.market_min_stack: /)
  })
})
