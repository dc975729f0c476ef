import { matchStatsResponse } from '@backlay/contract/match-details'
import { homeMatchesResponse } from '@backlay/contract/matches'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, manualClock, type TestApp } from '../../../../test/test-app'

describe('GET /api/v1/match-center/stats/{eventTypeId}/{eventId}', () => {
  const clock = manualClock('2026-11-23T10:00:00Z')
  let t: TestApp
  const stats = (sport: string, id: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/match-center/stats/${sport}/${id}` })
  beforeAll(async () => {
    t = await buildTestApp({ clock })
  })
  afterAll(() => t.close())

  it('a live cricket match: both sides, in play, matched money and each session line', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/match/homeMatchesOpen',
      payload: { sport_id: '4' },
    })
    const match = homeMatchesResponse.parse(res.json()).data.find((m) => m.inplay && m.has_fancy)
    if (!match) throw new Error('expected a live cricket match')
    const { data } = matchStatsResponse.parse((await stats('4', match.match_id)).json())
    expect(data.eventId).toBe(match.match_id)
    expect(data.teams.map((s) => s.name)).toEqual(match.runners.map((r) => r.runnerName))
    expect(data.summary).toBe('In play')
    expect(data.facts[0]).toEqual({ label: 'Competition', value: match.series_name })
    expect(data.facts.find((f) => f.label === 'Matched')?.value).toMatch(/^[\d,.]+$/)
    expect(data.facts.filter((f) => /over runs/.test(f.label)).length).toBe(3)
  })

  it('names the winner once the feed settles the match', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/match/homeMatchesOpen',
      payload: { sport_id: '2' },
    })
    const live = homeMatchesResponse.parse(res.json()).data.find((m) => m.inplay)
    if (!live) throw new Error('expected a live tennis match')
    clock.advance(6 * 3_600_000)
    await t.app.feed?.tick()
    const { data } = matchStatsResponse.parse((await stats('2', live.match_id)).json())
    const names = live.runners.map((r) => r.runnerName)
    expect(names.map((n) => `${n} won`)).toContain(data.summary)
  })

  it('404 for an unknown event or the wrong event type', async () => {
    const unknown = await stats('4', 'nope')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ status: false, code: 'MATCH.NOT_FOUND' })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/match/homeMatchesOpen',
      payload: { sport_id: '1' },
    })
    const football = homeMatchesResponse.parse(res.json()).data[0]
    expect((await stats('4', football?.match_id ?? '')).statusCode).toBe(404)
  })
})
