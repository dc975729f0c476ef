import { fanciesResponse } from '@backlay/contract/match-details'
import { homeMatchesResponse } from '@backlay/contract/matches'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, manualClock, type TestApp } from '../../../../test/test-app'

describe('POST /api/v1/fancy/getFancies', () => {
  const clock = manualClock('2026-11-23T10:00:00Z')
  let t: TestApp
  const getFancies = async (body: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v1/fancy/getFancies', payload: body as object })
  beforeAll(async () => {
    t = await buildTestApp({ clock })
  })
  afterAll(() => t.close())

  const cricketWithSessions = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/match/homeMatchesOpen',
      payload: { sport_id: '4' },
    })
    const match = homeMatchesResponse.parse(res.json()).data.find((m) => m.has_fancy && !m.inplay)
    if (!match) throw new Error('expected an upcoming cricket match with sessions')
    return match
  }

  it('lists the session lines of a match: runs for No and Yes, rates, status', async () => {
    const match = await cricketWithSessions()
    const res = await getFancies({ match_id: Number(match.match_id) })
    expect(res.statusCode).toBe(200)
    const { data } = fanciesResponse.parse(res.json())
    expect(data.length).toBe(3)
    expect(data.map((f) => f.sort_priority)).toEqual(
      [...data.map((f) => f.sort_priority)].sort((a, b) => a - b),
    )
    for (const f of data) {
      expect(f).toMatchObject({
        match_id: match.match_id,
        status: 'OPEN',
        is_active: 1,
        category: 0,
        betDelay: 5,
      })
      expect(f.fancy_name).toMatch(/over runs/)
      expect(f.BackPrice1).toBe(f.LayPrice1 + 1)
      expect([f.BackSize1, f.LaySize1]).toEqual([100, 100])
    }
  })

  it('answers an empty list for a match without sessions or an unknown one', async () => {
    const tennis = await t.app.inject({
      method: 'POST',
      url: '/api/v1/match/homeMatchesOpen',
      payload: { sport_id: '2' },
    })
    const matchId = homeMatchesResponse.parse(tennis.json()).data[0]?.match_id
    expect((await getFancies({ match_id: matchId })).json()).toEqual({ status: true, data: [] })
    expect((await getFancies({ match_id: 'nope' })).json()).toEqual({ status: true, data: [] })
  })

  it('refuses a body without match_id', async () => {
    const res = await getFancies({})
    expect(res.statusCode).toBe(400)
    expect(res.json().msg).toContain('match_id')
  })
})
