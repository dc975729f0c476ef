import { describe, expect, it } from 'vitest'
import { racingMarketsRequest, racingMarketsResponse } from './racing'
import { msg } from './test-fixtures'

describe('racing markets', () => {
  it('takes sport_id 7 or 4339, as number or text', () => {
    expect(racingMarketsRequest.parse({ sport_id: 7 }).sport_id).toBe('7')
    expect(racingMarketsRequest.parse({ sport_id: '4339' }).sport_id).toBe('4339')
    const r = racingMarketsRequest.safeParse({ sport_id: '4' })
    expect(msg(r)).toMatch(/sport_id/)
  })
  it('parses a race item with venue, country code and its other markets', () => {
    const race = {
      market_id: '1.77',
      match_id: 'r1',
      match_name: 'Kempton 14:05',
      market_name: 'R3 1m Hcap',
      match_date: '2026-11-23T14:05:00Z',
      market_start_time: '2026-11-23T14:05:00Z',
      venue: 'Kempton',
      country_code: 'GB',
      inplay: false,
      status: 'OPEN',
      other_markets: [{ market_id: '1.78', market_name: 'To Be Placed' }],
    }
    const [parsed] = racingMarketsResponse.parse({ status: true, data: [race] }).data
    expect(parsed?.venue).toBe('Kempton')
    expect(parsed?.other_markets).toEqual([{ market_id: '1.78', market_name: 'To Be Placed' }])
  })
})
