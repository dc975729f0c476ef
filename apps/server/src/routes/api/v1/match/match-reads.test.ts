import { teamPositionResponse } from '@backlay/contract/bets'
import {
  matchDetailsResponse,
  sportStartResponse,
  tvUrlResponse,
} from '@backlay/contract/match-details'
import { homeMatchesResponse } from '@backlay/contract/matches'
import { searchResponse } from '@backlay/contract/search'
import { MSG } from '@backlay/contract/validation-messages'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, newPlayer, openMarket } from '../../../../markets/test-support'
import { quoteMarket, signInAs } from '../../../../stream/testing'
import { buildTestApp, manualClock, type TestApp } from '../../../../test/test-app'

describe('match reads', () => {
  const clock = manualClock('2026-11-23T10:00:00Z')
  let t: TestApp
  let token: string
  const post = (url: string, body: unknown, auth?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/match/${url}`,
      payload: body as object,
      ...(auth ? { headers: { authorization: `Bearer ${auth}` } } : {}),
    })
  const cricket = async () =>
    homeMatchesResponse.parse((await post('homeMatchesOpen', { sport_id: 4 })).json()).data
  const liveCricket = async () => {
    const m = (await cricket()).find((c) => c.inplay && c.has_bookmaker && c.has_fancy)
    if (!m) throw new Error('expected a live cricket match with bookmaker and sessions')
    return m
  }

  beforeAll(async () => {
    t = await buildTestApp({ clock })
    token = (await signInAs(t.app)).token
  })
  afterAll(() => t.close())

  it('matchDetailsOpen: match odds first, then the bookmaker, in the §3 runner shape', async () => {
    const match = await liveCricket()
    const book = await quoteMarket(t.app, match.market_id)
    const res = await post('matchDetailsOpen', { match_id: match.match_id })
    expect(res.statusCode).toBe(200)
    const { data } = matchDetailsResponse.parse(res.json())
    expect(data.map((m) => m.mtype)).toEqual(['MATCH_ODDS', 'Special'])
    const [odds, bookmaker] = data
    if (!odds || !bookmaker) throw new Error('two markets expected')
    expect(odds).toMatchObject({
      market_id: match.market_id,
      match_id: match.match_id,
      eventTypeId: '4',
      inplay: true,
      enable_fancy: 1,
      isHrBet: false,
      bet_count: 0,
    })
    // Exchange prices are the book's (the market maker's orders), converted to the wire.
    expect(odds.runners.map((r) => r.ex)).toEqual(
      book.runners.map((r) => ({
        availableToBack: r.availableToBack.map((l) => ({
          price: l.price / 100,
          oprice: l.price / 100,
          size: l.size / 100,
        })),
        availableToLay: r.availableToLay.map((l) => ({
          price: l.price / 100,
          oprice: l.price / 100,
          size: l.size / 100,
        })),
        tradedVolume: r.totalMatched / 100,
      })),
    )
    for (const r of odds.runners) {
      expect(r.win_loss).toBeNull()
      expect(r.name).toBe(r.runnerName)
      const best = r.ex.availableToBack[0]
      expect(best?.oprice).toBe(best?.price)
      expect(r.ex.availableToBack[0]?.price).toBeLessThan(r.ex.availableToLay[0]?.price ?? 0)
      expect(r.ex.tradedVolume).toBeGreaterThanOrEqual(0)
    }
    // Bookmaker cells carry the rate: price / 100 + 1 is the decimal odds (oprice).
    for (const r of bookmaker.runners) {
      const cell = r.ex.availableToBack[0]
      if (!cell) throw new Error('bookmaker quote expected')
      expect(cell.price / 100 + 1).toBeCloseTo(cell.oprice, 9)
      expect(Number.isInteger(cell.price)).toBe(true)
    }
    const expected = odds.runners.reduce(
      (s, r) => s + 100 / (r.ex.availableToBack[0]?.oprice ?? 1),
      0,
    )
    expect(odds.totalOddsBack).toBeCloseTo(expected, 1)
  })

  it('a match odds market nobody traded yet reads feed prices, then its quoted book, never an empty ladder', async () => {
    const traded = await liveCricket()
    const fresh = (await cricket()).find((c) => c.market_id !== traded.market_id)
    if (!fresh) throw new Error('expected a second cricket match')
    const ladder = async () => {
      const { data } = matchDetailsResponse.parse(
        (await post('matchDetailsOpen', { match_id: fresh.match_id })).json(),
      )
      const odds = data.find((m) => m.market_id === fresh.market_id)
      return odds?.runners.map((r) => r.ex.availableToBack.length + r.ex.availableToLay.length)
    }
    expect((await ladder())?.every((levels) => levels > 0)).toBe(true)
    // The first read loads and quotes the book in the background.
    for (let i = 0; i < 200 && !t.app.books.view(fresh.market_id); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(t.app.books.view(fresh.market_id)).toBeDefined()
    expect((await ladder())?.every((levels) => levels > 0)).toBe(true)
  })

  it('puts the requested market first', async () => {
    const match = await liveCricket()
    const all = matchDetailsResponse.parse(
      (await post('matchDetailsOpen', { match_id: match.match_id })).json(),
    ).data
    const bookmakerId = all[1]?.market_id
    const { data } = matchDetailsResponse.parse(
      (
        await post('matchDetailsOpen', { match_id: Number(match.match_id), market_id: bookmakerId })
      ).json(),
    )
    expect(data.map((m) => m.market_id)).toEqual([bookmakerId, match.market_id])
  })

  it('matchDetails needs a session and combine true, and fills the user figures', async () => {
    const match = await liveCricket()
    expect(
      (await post('matchDetails', { match_id: match.match_id, combine: true })).statusCode,
    ).toBe(401)
    const refused = await post('matchDetails', { match_id: match.match_id, combine: false }, token)
    expect(refused.statusCode).toBe(400)
    const { data } = matchDetailsResponse.parse(
      (await post('matchDetails', { match_id: match.match_id, combine: true }, token)).json(),
    )
    expect(data[0]?.runners.map((r) => r.win_loss)).toEqual([0, 0])
  })

  it('matchDetails shows a bettor their P/L per runner and their open bet count', async () => {
    const market = await openMarket(t.app, 'MATCH_ODDS')
    const runner = market.runners[0]
    const player = await newPlayer(t.app, { rupees: 10_000 })
    const placed = await call(t.app, player.token, 'POST', 'bet/saveBet', {
      is_back: 1,
      market_id: market.id,
      odds: (runner?.back[0]?.price ?? 0) / 100,
      selection_id: runner?.selection_id,
      stack: 100,
    })
    expect(placed.status).toBe(200)
    const position = teamPositionResponse.parse(
      (await call(t.app, player.token, 'POST', 'bet/getTeamPosition', { match_id: market.eventId }))
        .body,
    ).data[market.id]
    const details = matchDetailsResponse.parse(
      (
        await post(
          'matchDetails',
          { match_id: market.eventId, market_id: market.id, combine: true },
          player.token,
        )
      ).json(),
    ).data[0]
    expect(details?.bet_count).toBe(1)
    expect(
      details?.runners.map((r) => ({ selection_id: r.selectionId, user_pl: r.win_loss })),
    ).toEqual(position)
    // Someone else's view of the same market holds no figures of theirs.
    const mine = matchDetailsResponse.parse(
      (
        await post(
          'matchDetails',
          { match_id: market.eventId, market_id: market.id, combine: true },
          token,
        )
      ).json(),
    ).data[0]
    expect(mine?.bet_count).toBe(0)
    expect(mine?.runners.every((r) => r.win_loss === 0)).toBe(true)
  })

  it('homeMatchesV2 is the signed-in twin of homeMatchesOpen', async () => {
    expect((await post('homeMatchesV2', { sport_id: 4 })).statusCode).toBe(401)
    const signedIn = homeMatchesResponse.parse(
      (await post('homeMatchesV2', { sport_id: 4 }, token)).json(),
    )
    const guest = homeMatchesResponse.parse((await post('homeMatchesOpen', { sport_id: 4 })).json())
    expect(signedIn.data.map((m) => m.market_id)).toEqual(guest.data.map((m) => m.market_id))
  })

  it('getTvUrlScoreboardUrl points at the match-center scoreboard', async () => {
    const match = await liveCricket()
    const { data } = tvUrlResponse.parse(
      (await post('getTvUrlScoreboardUrl', { match_id: match.match_id })).json(),
    )
    expect(data).toEqual({
      tv_url: null,
      scoreboard_url: `/api/v1/match-center/stats/4/${match.match_id}`,
    })
    const stats = await t.app.inject({ method: 'GET', url: data.scoreboard_url ?? '' })
    expect(stats.statusCode).toBe(200)
    expect(
      tvUrlResponse.parse((await post('getTvUrlScoreboardUrl', { match_id: 'nope' })).json()).data,
    ).toEqual({ tv_url: null, scoreboard_url: null })
  })

  it('sportStart reports status and in-play per market (signed in)', async () => {
    const match = await liveCricket()
    const body = { market_ids: [match.market_id, 'unknown'] }
    expect((await post('sportStart', body)).statusCode).toBe(401)
    const { data } = sportStartResponse.parse((await post('sportStart', body, token)).json())
    expect(data).toEqual([
      {
        market_id: match.market_id,
        status: match.status,
        inplay: true,
        market_start_time: match.market_start_time,
      },
    ])
  })

  describe('search', () => {
    it('matches any case substring of the match name, guest and signed in', async () => {
      const match = await liveCricket()
      const word = match.match_name.split(' ')[0] ?? ''
      const text = word.slice(0, 4).toUpperCase()
      const guest = searchResponse.parse((await post('matches', { search: text })).json()).data
      expect(guest.length).toBeGreaterThan(0)
      expect(guest.every((i) => i.match_name.toLowerCase().includes(text.toLowerCase()))).toBe(true)
      expect(guest.find((i) => i.match_id === match.match_id)).toEqual({
        id: match.market_id,
        match_name: match.match_name,
        sport_id: '4',
        match_id: match.match_id,
        series_name: match.series_name,
        market_id: match.market_id,
      })
      const signedIn = searchResponse.parse(
        (await post('getMatches', { search: text }, token)).json(),
      )
      expect(signedIn.data).toEqual(guest)
      expect((await post('getMatches', { search: text })).statusCode).toBe(401)
    })

    it('treats % and _ as plain characters and refuses fewer than 3 letters', async () => {
      expect((await post('matches', { search: '%%%' })).json()).toEqual({ status: true, data: [] })
      expect((await post('matches', { search: '___' })).json()).toEqual({ status: true, data: [] })
      const short = await post('matches', { search: ' ab ' })
      expect(short.statusCode).toBe(400)
      expect(short.json().msg).toContain(MSG.searchMin)
    })
  })

  it('answers an empty list for an unknown or finished match (the client goes home)', async () => {
    expect((await post('matchDetailsOpen', { match_id: 'nope' })).json()).toEqual({
      status: true,
      data: [],
    })
    const tennis = homeMatchesResponse.parse(
      (await post('homeMatchesOpen', { sport_id: 2 })).json(),
    ).data
    const live = tennis.find((m) => m.inplay)
    if (!live) throw new Error('expected a live tennis match')
    clock.advance(6 * 3_600_000)
    await t.app.feed?.tick()
    expect((await post('matchDetailsOpen', { match_id: live.match_id })).json()).toEqual({
      status: true,
      data: [],
    })
  })
})
