import { describe, expect, it } from 'vitest'
import { searchRequest, searchResponse } from './search'
import { msg } from './test-fixtures'

describe('search', () => {
  it('needs at least 3 characters', () => {
    const r = searchRequest.safeParse({ search: 'in' })
    expect(msg(r)).toBe('Search text must be at least 3 characters')
    expect(searchRequest.parse({ search: ' ind ' }).search).toBe('ind')
  })
  it('parses the spec list item', () => {
    const item = {
      id: '1.2',
      match_name: 'India v Australia',
      sport_id: '4',
      match_id: 'm1',
      series_name: 'T',
      market_id: '1.2',
    }
    expect(searchResponse.parse({ status: true, data: [item] }).data[0]).toEqual(item)
  })
})
