import { raceOddsResponse, racingMarketsResponse } from '@backlay/contract/racing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInAs } from '../../../../stream/testing'
import { buildTestApp, manualClock, type TestApp } from '../../../../test/test-app'

describe('racing markets', () => {
  let t: TestApp
  let token: string
  const post = (url: string, body: unknown, auth?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/market/${url}`,
      payload: body as object,
      ...(auth ? { headers: { authorization: `Bearer ${auth}` } } : {}),
    })
  beforeAll(async () => {
    t = await buildTestApp({ clock: manualClock('2026-11-23T10:00:00Z') })
    token = (await signInAs(t.app)).token
  })
  afterAll(() => t.close())

  it.each([
    ['7', 7],
    ['4339', '4339'],
  ])(
    'sport %s: races soonest first with venue and country, each with runners in its odds',
    async (_, sport_id) => {
      const answer = (await post('allRacingMarketsOpen', { sport_id })).json()
      const { data } = racingMarketsResponse.parse(answer)
      expect(data.length).toBeGreaterThan(3)
      // The list names the races; runners and their prices come with each race's odds.
      for (const raw of answer.data) expect(raw).not.toHaveProperty('runners')
      const starts = data.map((r) => r.market_start_time)
      expect(starts).toEqual([...starts].sort())
      for (const race of data) {
        expect(race.venue.length).toBeGreaterThan(0)
        expect(race.country_code).toMatch(/^[A-Z]{2}$/)
      }
      for (const race of data.slice(0, 3)) {
        const body = { match_id: race.match_id, market_id: race.market_id }
        const { runners } = raceOddsResponse.parse((await post('raceOddsOpen', body)).json()).data
        expect(runners.length).toBeGreaterThan(2)
        for (const r of runners) {
          // Greyhounds have no jockey; every runner has a trap / cloth number and a trainer.
          expect(r.metadata?.CLOTH_NUMBER ?? '').toMatch(/^\d+$/)
          expect(r.metadata?.TRAINER_NAME ?? '').not.toBe('')
          expect(r.ex.availableToBack.length).toBeGreaterThan(0)
        }
      }
    },
  )

  it('allRacingMarkets is the signed-in twin', async () => {
    expect((await post('allRacingMarkets', { sport_id: 7 })).statusCode).toBe(401)
    const signedIn = racingMarketsResponse.parse(
      (await post('allRacingMarkets', { sport_id: 7 }, token)).json(),
    )
    const guest = racingMarketsResponse.parse(
      (await post('allRacingMarketsOpen', { sport_id: 7 })).json(),
    )
    expect(signedIn.data.map((r) => r.market_id)).toEqual(guest.data.map((r) => r.market_id))
  })

  it('refuses other sports with the contract message', async () => {
    const res = await post('allRacingMarketsOpen', { sport_id: 4 })
    expect(res.statusCode).toBe(400)
    expect(res.json().msg).toContain('sport_id must be 7 or 4339')
  })

  it('raceOdds answers one race in the match-details shape, 404 for an unknown one', async () => {
    const race = racingMarketsResponse.parse(
      (await post('allRacingMarketsOpen', { sport_id: 7 })).json(),
    ).data[0]
    if (!race) throw new Error('expected a race')
    const body = { match_id: race.match_id, market_id: race.market_id }
    const { data } = raceOddsResponse.parse((await post('raceOddsOpen', body)).json())
    expect(data).toMatchObject({
      market_id: race.market_id,
      mtype: 'WIN',
      isHrBet: true,
      venue: race.venue,
    })
    expect(data.runners.length).toBeGreaterThan(2)
    expect(data.runners.every((r) => r.win_loss === null)).toBe(true)
    const signedIn = raceOddsResponse.parse((await post('raceOdds', body, token)).json())
    expect(signedIn.data.runners.every((r) => r.win_loss === 0)).toBe(true)
    const missing = await post('raceOddsOpen', { match_id: race.match_id, market_id: '1.nope' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ status: false, code: 'MARKET.NOT_FOUND' })
  })
})
