import { appKeyResponse, appKeysResponse } from '@backlay/contract/app-keys'
import { balanceResponse } from '@backlay/contract/balance'
import {
  accountDetails,
  accountFunds,
  certLoginResponse,
  competitionResult,
  countryCodeResult,
  eventResult,
  eventTypeResult,
  jsonRpcError,
  MARKET_PROJECTIONS,
  marketBook,
  marketCatalogue,
  marketTypeResult,
} from '@backlay/contract/betfair-api'
import {
  cancelExecutionReport,
  currentOrderSummaryReport,
  placeExecutionReport,
} from '@backlay/contract/betfair-orders'
import { saveBetResponse, unmatchedBetsResponse } from '@backlay/contract/bets'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { call, openMarket } from '../markets/test-support'
import { BetfairApiClient, signedInClient } from '../test/betfair-api-client'
import { buildTestApp, type TestApp } from '../test/test-app'

/*
 * The trading API as a Betfair client uses it: keys from the web's account calls, the identity
 * login, then API-NG over JSON-RPC and REST, against the simulator's markets.
 */

describe('trading API (Betfair-compatible)', () => {
  let t: TestApp
  let player: Awaited<ReturnType<typeof signedInClient>>['player']
  let client: BetfairApiClient
  let PASSWORD: string
  beforeAll(async () => {
    t = await buildTestApp()
    ;({ player, client } = await signedInClient(t.app, 10_000))
    PASSWORD = player.password
  })
  afterAll(() => t.close())

  const book = (marketId: string) =>
    client.rpc(
      'SportsAPING/v1.0/listMarketBook',
      {
        marketIds: [marketId],
        priceProjection: { priceData: ['EX_BEST_OFFERS', 'EX_TRADED'] },
        orderProjection: 'ALL',
      },
      z.array(marketBook),
    )

  it('hands out application keys on the web account, lists them with their last use, and revokes them', async () => {
    const extra = appKeyResponse.parse(
      (await call(t.app, player.token, 'POST', 'account/appKeys')).body,
    )
    const listed = appKeysResponse.parse(
      (await call(t.app, player.token, 'GET', 'account/appKeys')).body,
    )
    expect(listed.data.map((k) => k.appKey)).toEqual([extra.data.appKey, client.appKey])
    expect(extra.data.appKey).toMatch(/^[\w-]{16}$/)
    const revoked = await call(t.app, player.token, 'POST', 'account/appKeys/revoke', {
      appKey: extra.data.appKey,
    })
    expect(revoked.status).toBe(200)
    const again = await call(t.app, player.token, 'POST', 'account/appKeys/revoke', {
      appKey: extra.data.appKey,
    })
    expect(again.body).toMatchObject({ status: false, msg: 'No such application key.' })
    const bad = await call(t.app, player.token, 'POST', 'account/appKeys/revoke', {})
    expect(bad.status).toBe(400)
    expect((await call(t.app, null, 'GET', 'account/appKeys')).status).toBe(401)
  })

  it("logs in as Betfair's identity service does, with the web login's checks", async () => {
    const wrong = await client.identity('login', { username: player.userName, password: 'nope' })
    expect(wrong.answer).toEqual({
      token: '',
      product: client.appKey,
      status: 'FAIL',
      error: 'INVALID_USERNAME_OR_PASSWORD',
    })
    const stranger = new BetfairApiClient(t.app, 'not-a-key-of-this-user')
    const refused = await stranger.identity('login', {
      username: player.userName,
      password: PASSWORD,
    })
    expect(refused.answer.error).toBe('INVALID_APP_KEY')
    const empty = await client.identity('login', { username: '', password: '' })
    expect(empty.answer.error).toBe('INPUT_VALIDATION_ERROR')
    const ok = await client.identity('login', { username: player.userName, password: PASSWORD })
    expect(ok).toMatchObject({
      status: 200,
      answer: { status: 'SUCCESS', error: '', product: client.appKey },
    })
    expect(client.token.length).toBeGreaterThan(20)
    expect((await client.identity('keepAlive')).answer).toMatchObject({
      status: 'SUCCESS',
      token: client.token,
    })
    const cert = await t.app.inject({ method: 'POST', url: '/betfair/identity/api/certlogin' })
    expect(certLoginResponse.parse(cert.json())).toEqual({ loginStatus: 'CERT_AUTH_REQUIRED' })
  })

  it('lists the exchange’s markets as Betfair does: event types, competitions, events, types, countries, catalogue', async () => {
    const types = await client.rpc(
      'SportsAPING/v1.0/listEventTypes',
      { filter: {} },
      z.array(eventTypeResult),
    )
    expect(types.map((e) => e.eventType.id)).toEqual(expect.arrayContaining(['4', '1', '7']))
    const cricket = { eventTypeIds: ['4'] }
    const competitions = await client.rpc(
      'SportsAPING/v1.0/listCompetitions',
      { filter: cricket },
      z.array(competitionResult),
    )
    expect(competitions.length).toBeGreaterThan(0)
    const events = await client.rpc(
      'SportsAPING/v1.0/listEvents',
      { filter: cricket },
      z.array(eventResult),
    )
    expect(events.length).toBeGreaterThan(0)
    const marketTypes = await client.rpc(
      'SportsAPING/v1.0/listMarketTypes',
      { filter: cricket },
      z.array(marketTypeResult),
    )
    // Bookmaker and fancy lines are the house's, not exchange markets.
    expect(marketTypes.map((m) => m.marketType)).toEqual(['MATCH_ODDS'])
    await client.rpc('SportsAPING/v1.0/listCountries', { filter: {} }, z.array(countryCodeResult))

    const market = await openMarket(t.app, 'MATCH_ODDS', { sportId: '4' })
    const [catalogue] = await client.rpc(
      'SportsAPING/v1.0/listMarketCatalogue',
      {
        filter: { marketIds: [market.id] },
        // Every projection Betfair has.
        marketProjection: MARKET_PROJECTIONS,
        maxResults: 10,
      },
      z.array(marketCatalogue),
    )
    expect(catalogue).toMatchObject({
      marketId: market.id,
      eventType: { id: '4' },
      event: { id: market.eventId },
      description: { marketType: 'MATCH_ODDS', bettingType: 'ODDS' },
    })
    expect(catalogue?.runners?.map((r) => String(r.selectionId))).toEqual(
      market.runners.map((r) => r.selection_id),
    )
    expect(
      await client.rpcError('SportsAPING/v1.0/listMarketCatalogue', {
        filter: {},
        marketProjection: ['MARKET_DESCRIPTION', 'RUNNER_METADATA'],
        maxResults: 1000,
      }),
    ).toBe('TOO_MUCH_DATA')
  })

  it("prices a market as the web shows it, and places, lists and cancels through one engine with the web's bets", async () => {
    const market = await openMarket(t.app, 'MATCH_ODDS', { sportId: '4' })
    const [priced] = await book(market.id)
    const details = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/match/matchDetailsOpen',
        payload: { match_id: market.eventId, market_id: market.id },
      })
    ).json().data[0]
    // The first runner the web shows a back price on (the simulator leaves one bare at times).
    const shown = details.runners.findIndex(
      (r: { ex: { availableToBack: unknown[] } }) => r.ex.availableToBack.length > 0,
    )
    const first = priced?.runners[shown]
    expect(first?.ex?.availableToBack[0]).toEqual({
      price: details.runners[shown].ex.availableToBack[0].price,
      size: details.runners[shown].ex.availableToBack[0].size,
    })
    const best = first?.ex?.availableToBack[0]?.price ?? 0

    // A back at the best price matches; a lay at 1.01 rests.
    const placed = await client.rpc(
      'SportsAPING/v1.0/placeOrders',
      {
        marketId: market.id,
        instructions: [
          {
            orderType: 'LIMIT',
            selectionId: first?.selectionId,
            side: 'BACK',
            limitOrder: { size: 100, price: best, persistenceType: 'LAPSE' },
          },
          {
            orderType: 'LIMIT',
            selectionId: first?.selectionId,
            side: 'LAY',
            limitOrder: { size: 100, price: 1.01, persistenceType: 'PERSIST' },
            customerOrderRef: 'rest-1',
          },
        ],
        customerRef: 'call-1',
      },
      placeExecutionReport,
    )
    expect(placed).toMatchObject({ status: 'SUCCESS', customerRef: 'call-1', marketId: market.id })
    const [matched, resting] = placed.instructionReports
    expect(matched).toMatchObject({
      status: 'SUCCESS',
      orderStatus: 'EXECUTION_COMPLETE',
      sizeMatched: 100,
      averagePriceMatched: best,
    })
    expect(resting).toMatchObject({ status: 'SUCCESS', orderStatus: 'EXECUTABLE', sizeMatched: 0 })

    // The plain poll (best offers only, kept between calls) follows the book as it changes.
    const plainBook = async () =>
      (
        await client.rpc(
          'SportsAPING/v1.0/listMarketBook',
          { marketIds: [market.id], priceProjection: { priceData: ['EX_BEST_OFFERS'] } },
          z.array(marketBook),
        )
      )[0]?.runners[0]?.ex
    const webBest = async () => {
      const detail = (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/match/matchDetailsOpen',
          payload: { match_id: market.eventId, market_id: market.id },
        })
      ).json().data[0].runners[0].ex
      return {
        availableToBack: detail.availableToBack.map((l: { price: number; size: number }) => ({
          price: l.price,
          size: l.size,
        })),
        availableToLay: detail.availableToLay.map((l: { price: number; size: number }) => ({
          price: l.price,
          size: l.size,
        })),
      }
    }
    expect(await plainBook()).toMatchObject(await webBest())
    expect(await plainBook()).toMatchObject(await webBest())

    // The web sees the API's resting bet; the API sees a web bet.
    const unmatched = unmatchedBetsResponse.parse(
      (await call(t.app, player.token, 'POST', 'bet/unmatchedBets', { market_id: market.id })).body,
    )
    expect(unmatched.data.map((b) => b.bet_id)).toContain(resting?.betId)
    const web = await call(t.app, player.token, 'POST', 'bet/saveBet', {
      is_back: 1,
      market_id: market.id,
      odds: 1000,
      selection_id: String(first?.selectionId),
      stack: 100,
    })
    const webBet = saveBetResponse.parse(web.body).data.bet_id
    const current = await client.rpc(
      'SportsAPING/v1.0/listCurrentOrders',
      { marketIds: [market.id] },
      currentOrderSummaryReport,
    )
    expect(current.currentOrders.map((o) => o.betId)).toEqual(
      expect.arrayContaining([matched?.betId, resting?.betId, webBet]),
    )
    expect(current.moreAvailable).toBe(false)
    const [withOrders] = await book(market.id)
    expect(withOrders?.runners[shown]?.orders?.map((o) => o.betId)).toEqual(
      expect.arrayContaining([resting?.betId, webBet]),
    )

    // Funds are the web's balance and exposure, in rupees.
    const funds = await client.rpc('AccountAPING/v1.0/getAccountFunds', {}, accountFunds)
    const balance = balanceResponse.parse(
      (await call(t.app, player.token, 'POST', 'user/getBalanceCRef')).body,
    )
    expect(funds.availableToBetBalance).toBe(balance.data.balance)
    expect(funds.exposure).toBe(-balance.data.liability)
    await client.rpc('AccountAPING/v1.0/getAccountDetails', {}, accountDetails)

    const duplicate = await client.rpc(
      'SportsAPING/v1.0/placeOrders',
      {
        marketId: market.id,
        instructions: [
          {
            orderType: 'LIMIT',
            selectionId: first?.selectionId,
            side: 'LAY',
            limitOrder: { size: 100, price: 1.01, persistenceType: 'LAPSE' },
          },
        ],
        customerRef: 'call-1',
      },
      placeExecutionReport,
    )
    expect(duplicate).toMatchObject({ status: 'FAILURE', errorCode: 'DUPLICATE_TRANSACTION' })

    const cancelled = await client.rpc(
      'SportsAPING/v1.0/cancelOrders',
      { marketId: market.id, instructions: [{ betId: resting?.betId }, { betId: 'no-such-bet' }] },
      cancelExecutionReport,
    )
    expect(cancelled.status).toBe('PROCESSED_WITH_ERRORS')
    expect(
      cancelled.instructionReports.map((r) => [r.status, r.errorCode, r.sizeCancelled]),
    ).toEqual([
      ['SUCCESS', undefined, 100],
      ['FAILURE', 'INVALID_BET_ID', 0],
    ])
    const all = await client.rpc(
      'SportsAPING/v1.0/cancelOrders',
      { marketId: market.id },
      cancelExecutionReport,
    )
    expect(all.instructionReports.map((r) => r.instruction?.betId)).toEqual([webBet])
    const twice = await client.rpc(
      'SportsAPING/v1.0/cancelOrders',
      { instructions: [{ betId: webBet }] },
      cancelExecutionReport,
    )
    expect(twice.instructionReports[0]).toMatchObject({
      status: 'FAILURE',
      errorCode: 'BET_TAKEN_OR_LAPSED',
    })
  })

  it('refuses what Betfair refuses, per instruction, with its codes', async () => {
    const market = await openMarket(t.app, 'MATCH_ODDS', { sportId: '4' })
    const selectionId = Number(market.runners[0]?.selection_id)
    const instruction = (over: object, limit: object = {}) => ({
      orderType: 'LIMIT',
      selectionId,
      side: 'BACK',
      limitOrder: { size: 100, price: 1000, persistenceType: 'LAPSE', ...limit },
      ...over,
    })
    const place = (instructions: object[], marketId = market.id) =>
      client.rpc('SportsAPING/v1.0/placeOrders', { marketId, instructions }, placeExecutionReport)
    const codeOf = async (instructions: object[], marketId?: string) => {
      const report = await place(instructions, marketId)
      return [report.status, report.errorCode, report.instructionReports[0]?.errorCode]
    }
    expect(await codeOf([instruction({}, { price: 1.015 })])).toEqual([
      'FAILURE',
      'BET_ACTION_ERROR',
      'INVALID_ODDS',
    ])
    expect(await codeOf([instruction({}, { size: 0.5 })])).toEqual([
      'FAILURE',
      'BET_ACTION_ERROR',
      'INVALID_BET_SIZE',
    ])
    expect(await codeOf([instruction({}, { size: 9_000_000 })])).toEqual([
      'FAILURE',
      'BET_ACTION_ERROR',
      'INVALID_BET_SIZE',
    ])
    expect(await codeOf([instruction({}, { persistenceType: 'MARKET_ON_CLOSE' })])).toEqual([
      'FAILURE',
      'BET_ACTION_ERROR',
      'INVALID_PERSISTENCE_TYPE',
    ])
    expect(
      await codeOf([
        instruction({
          orderType: 'MARKET_ON_CLOSE',
          limitOrder: undefined,
          marketOnCloseOrder: { liability: 10 },
        }),
      ]),
    ).toEqual(['FAILURE', 'BET_ACTION_ERROR', 'MARKET_NOT_OPEN_FOR_BSP_BETTING'])
    expect(await codeOf([instruction({ selectionId: 999 })])).toEqual([
      'FAILURE',
      'BET_ACTION_ERROR',
      'INVALID_RUNNER',
    ])
    expect(await codeOf([instruction({})], '1.000000001')).toEqual([
      'FAILURE',
      'INVALID_MARKET_ID',
      'RELATED_ACTION_FAILED',
    ])
    // A back risks its stake whatever the price: ₹20,000 is more than the player holds.
    expect(await codeOf([instruction({}, { price: 1.5, size: 20_000 })])).toEqual([
      'FAILURE',
      'INSUFFICIENT_FUNDS',
      'ERROR_IN_ORDER',
    ])
    expect(await codeOf(Array.from({ length: 201 }, () => instruction({})))).toEqual([
      'FAILURE',
      'TOO_MANY_INSTRUCTIONS',
      'RELATED_ACTION_FAILED',
    ])
    // A fill-or-kill that cannot fill expires.
    const killed = await place([instruction({}, { timeInForce: 'FILL_OR_KILL' })])
    expect(killed.instructionReports[0]).toMatchObject({
      status: 'SUCCESS',
      orderStatus: 'EXPIRED',
      sizeMatched: 0,
    })
  })

  it("answers bad calls in Betfair's envelopes: JSON-RPC errors, REST faults, missing keys and sessions", async () => {
    expect(await client.rpcError('SportsAPING/v1.0/listMarketBook', { marketIds: [] })).toBe(
      'INVALID_INPUT_DATA',
    )
    expect(await client.rpcError('SportsAPING/v1.0/noSuchOperation', {})).toBe(-32601)
    const parse = await client.rpcRaw('{not json')
    expect(jsonRpcError.parse(parse.body).error.code).toBe(-32700)
    const batch = await client.rpcRaw(
      JSON.stringify([
        {
          jsonrpc: '2.0',
          method: 'SportsAPING/v1.0/listEventTypes',
          params: { filter: {} },
          id: 1,
        },
        { jsonrpc: '2.0', method: 'SportsAPING/v1.0/listMarketBook', params: {}, id: 2 },
      ]),
    )
    expect((batch.body as { id: number }[]).map((a) => a.id)).toEqual([1, 2])
    expect(batch.body).toMatchObject([{ result: expect.any(Array) }, { error: { code: -32099 } }])

    const rest = await client.rest(
      'betting/rest/v1.0/listEventTypes',
      { filter: {} },
      z.array(eventTypeResult),
    )
    expect(rest.status).toBe(200)
    const fault = await client.rest(
      'betting/rest/v1.0/listMarketCatalogue',
      { filter: {} },
      z.array(marketCatalogue),
    )
    expect(fault).toMatchObject({
      status: 400,
      fault: {
        faultstring: 'ANGX-0002',
        detail: { APINGException: { errorCode: 'INVALID_INPUT_DATA' } },
      },
    })

    const keyless = new BetfairApiClient(t.app, '')
    keyless.token = client.token
    expect(await keyless.rpcError('SportsAPING/v1.0/listEventTypes', { filter: {} })).toBe(
      'NO_APP_KEY',
    )
    const sessionless = new BetfairApiClient(t.app, client.appKey)
    expect(await sessionless.rpcError('SportsAPING/v1.0/listEventTypes', { filter: {} })).toBe(
      'NO_SESSION',
    )
    sessionless.token = 'forged.token.value'
    expect(await sessionless.rpcError('SportsAPING/v1.0/listEventTypes', { filter: {} })).toBe(
      'INVALID_SESSION_INFORMATION',
    )
    const other = new BetfairApiClient(t.app, 'someone-elses-key')
    other.token = client.token
    expect(await other.rpcError('SportsAPING/v1.0/listEventTypes', { filter: {} })).toBe(
      'INVALID_APP_KEY',
    )
  })

  it('ends the session on logout, as the web logout does', async () => {
    const second = new BetfairApiClient(t.app, client.appKey)
    await second.identity('login', { username: player.userName, password: PASSWORD })
    expect((await second.identity('logout')).answer).toMatchObject({ status: 'SUCCESS' })
    expect(await second.rpcError('SportsAPING/v1.0/listEventTypes', { filter: {} })).toBe(
      'INVALID_SESSION_INFORMATION',
    )
    expect((await second.identity('keepAlive')).answer).toMatchObject({
      status: 'FAIL',
      error: 'NO_SESSION',
    })
  })
})
