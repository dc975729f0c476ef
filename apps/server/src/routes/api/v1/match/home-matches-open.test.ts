import { homeMatchesResponse } from '@backlay/contract/matches'
import { decimalToOdds } from '@backlay/contract/money'
import { SPORT_ID } from '@backlay/contract/sport'
import { isOnLadder } from '@backlay/exchange/ladder'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, manualClock, type TestApp } from '../../../../test/test-app'

const post = (t: TestApp, body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/match/homeMatchesOpen', payload: body as object })

describe('POST /api/v1/match/homeMatchesOpen', () => {
  const clock = manualClock('2026-11-23T10:00:00Z')
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ clock })
  })
  afterAll(() => t.close())

  it('lists cricket matches, live first, with best three prices a side', async () => {
    const res = await post(t, { sport_id: '4' })
    expect(res.statusCode).toBe(200)
    const { data } = homeMatchesResponse.parse(res.json())
    expect(data.length).toBeGreaterThan(5)
    expect(
      data.every((m) => m.sport_id === SPORT_ID.cricket && m.market_type === 'MATCH_ODDS'),
    ).toBe(true)
    expect(data[0]?.inplay).toBe(true)
    const firstUpcoming = data.findIndex((m) => !m.inplay)
    expect(data.slice(firstUpcoming).every((m) => !m.inplay)).toBe(true)
    expect(data.some((m) => m.has_bookmaker && m.has_fancy)).toBe(true)
    for (const m of data) {
      expect(m.runners).toHaveLength(2)
      for (const r of m.runners) {
        expect(r.ex.availableToBack.length).toBeGreaterThan(0)
        expect(r.ex.availableToBack.length).toBeLessThanOrEqual(3)
        for (const l of [...r.ex.availableToBack, ...r.ex.availableToLay])
          expect(isOnLadder(decimalToOdds(l.price))).toBe(true)
        expect(r.ex.availableToBack[0]?.price).toBeLessThan(r.ex.availableToLay[0]?.price ?? 0)
      }
    }
  })

  it('answers the first `limit` matches in the same order, with the count of all', async () => {
    const all = homeMatchesResponse.parse((await post(t, { sport_id: '1' })).json())
    const first = homeMatchesResponse.parse((await post(t, { sport_id: '1', limit: 3 })).json())
    expect(all.data.length).toBeGreaterThan(3)
    expect(all.total).toBeUndefined()
    expect(first.total).toBe(all.data.length)
    expect(first.data.map((m) => m.match_id)).toEqual(all.data.slice(0, 3).map((m) => m.match_id))
  })

  it('refuses a limit that is not a count of rows', async () => {
    for (const limit of [0, 101, 2.5, '3']) {
      const res = await post(t, { sport_id: '1', limit })
      expect(res.statusCode, String(limit)).toBe(400)
      expect(res.json().msg).toMatch(/limit/)
    }
  })

  it('accepts sport_id as a number too', async () => {
    const asNumber = homeMatchesResponse.parse((await post(t, { sport_id: 1 })).json())
    const asText = homeMatchesResponse.parse((await post(t, { sport_id: '1' })).json())
    expect(asNumber.data.map((m) => m.match_id)).toEqual(asText.data.map((m) => m.match_id))
    expect(asNumber.data.some((m) => m.runners.some((r) => r.runnerName === 'The Draw'))).toBe(true)
  })

  it('filters by series_id', async () => {
    const all = homeMatchesResponse.parse((await post(t, { sport_id: '1' })).json()).data
    const seriesId = all[0]?.series_id ?? ''
    const { data } = homeMatchesResponse.parse((await post(t, { series_id: seriesId })).json())
    expect(data.length).toBeGreaterThan(0)
    expect(data.every((m) => m.series_id === seriesId)).toBe(true)
    expect(data.length).toBe(all.filter((m) => m.series_id === seriesId).length)
  })

  it('lists races with venue, country, start time and runner metadata', async () => {
    const { data } = homeMatchesResponse.parse((await post(t, { sport_id: '7' })).json())
    expect(data.length).toBeGreaterThan(0)
    for (const race of data) {
      expect(race.market_type).toBe('WIN')
      expect(race.venue).toBeTruthy()
      expect(race.country_code).toMatch(/^[A-Z]{2}$/)
      expect(race.runners[0]?.metadata).toMatchObject({ CLOTH_NUMBER: '1' })
    }
  })

  it('answers an empty list for an unknown sport', async () => {
    expect((await post(t, { sport_id: '999' })).json()).toEqual({ status: true, data: [] })
  })

  it('drops matches once the feed closes them', async () => {
    const before = homeMatchesResponse.parse((await post(t, { sport_id: '2' })).json()).data
    const live = before.find((m) => m.inplay)
    if (!live) throw new Error('expected a live tennis match')
    clock.advance(4 * 3_600_000)
    await t.app.feed?.tick()
    const after = homeMatchesResponse.parse((await post(t, { sport_id: '2' })).json()).data
    expect(after.map((m) => m.match_id)).not.toContain(live.match_id)
  })

  it.each([
    [{}, 'body.sport_id: sport_id or series_id is required'],
    [{ sport_id: true }, 'body.sport_id'],
    [{ sport_id: '' }, 'body.sport_id'],
    [{ sport_id: '4', extra: 1 }, 'Unrecognized key'],
  ])('refuses %j with a 400 naming the problem', async (body, expected) => {
    const res = await post(t, body)
    expect(res.statusCode).toBe(400)
    const json = res.json()
    expect(json).toMatchObject({ status: false, code: 'REQUEST.INVALID' })
    expect(json.msg).toContain(expected)
  })

  it('refuses malformed JSON with a 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/match/homeMatchesOpen',
      headers: { 'content-type': 'application/json' },
      payload: '{"sport_id":',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ status: false, code: 'REQUEST.INVALID' })
  })
})
