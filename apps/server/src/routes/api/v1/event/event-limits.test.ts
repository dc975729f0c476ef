import { eventsLimitResponse } from '@backlay/contract/match-details'
import { homeMatchesResponse } from '@backlay/contract/matches'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, manualClock, type TestApp } from '../../../../test/test-app'

describe('POST /api/v1/event/getEventsLimit', () => {
  let t: TestApp
  const limits = (body: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v1/event/getEventsLimit', payload: body as object })
  const firstMatch = async (sport_id: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/match/homeMatchesOpen',
      payload: { sport_id },
    })
    const match = homeMatchesResponse
      .parse(res.json())
      .data.find((m) => sport_id !== '4' || m.has_fancy)
    if (!match) throw new Error(`expected a match of sport ${sport_id}`)
    return match
  }
  beforeAll(async () => {
    t = await buildTestApp({ clock: manualClock('2026-11-23T10:00:00Z') })
  })
  afterAll(() => t.close())

  it('cricket: odds 1–1,00,000, bookmaker 100–20,00,000 per market id, sessions 1–1,00,000 by fancy id', async () => {
    const match = await firstMatch('4')
    const { data } = eventsLimitResponse.parse(
      (await limits({ match_id: match.match_id, sport_id: 4 })).json(),
    )
    expect(data.check_event_limit).toBe(true)
    expect(data[match.market_id]).toEqual({
      market_min_stack: 1,
      market_max_stack: 100000,
      max_profit: 500000,
    })
    const bookmakerId = `2.${match.match_id}`
    expect(data[bookmakerId]).toEqual({
      market_min_stack: 100,
      market_max_stack: 2000000,
      max_profit: 500000,
    })
    const fancies = await t.app.inject({
      method: 'POST',
      url: '/api/v1/fancy/getFancies',
      payload: { match_id: match.match_id },
    })
    const fancyIds = (fancies.json().data as { fancy_id: string }[]).map((f) => f.fancy_id)
    expect(fancyIds.length).toBeGreaterThan(0)
    expect(Object.keys(data.session).sort()).toEqual(fancyIds.sort())
    for (const s of Object.values(data.session))
      expect(s).toEqual({ session_min_stack: 1, session_max_stack: 100000, max_profit: 500000 })
  })

  it('football: 100–50,000 and no sessions', async () => {
    const match = await firstMatch('1')
    const { data } = eventsLimitResponse.parse(
      (await limits({ match_id: match.match_id, sport_id: '1' })).json(),
    )
    expect(data[match.market_id]).toMatchObject({ market_min_stack: 100, market_max_stack: 50000 })
    expect(data.session).toEqual({})
  })

  it('an unknown match or a sport that is not the match’s has no limits', async () => {
    const match = await firstMatch('1')
    const empty = { status: true, data: { session: {}, check_event_limit: true } }
    expect((await limits({ match_id: match.match_id, sport_id: '4' })).json()).toEqual(empty)
    expect((await limits({ match_id: 'nope', sport_id: '4' })).json()).toEqual(empty)
    expect((await limits({ match_id: match.match_id })).statusCode).toBe(400)
  })
})
