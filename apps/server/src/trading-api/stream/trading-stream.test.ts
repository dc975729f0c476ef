import { marketBook } from '@backlay/contract/betfair-api'
import { cancelExecutionReport, placeExecutionReport } from '@backlay/contract/betfair-orders'
import {
  connectionMessage,
  MARKET_DATA_FIELDS,
  marketChangeMessage,
  orderChangeMessage,
  statusMessage,
} from '@backlay/contract/betfair-stream'
import { saveBetResponse } from '@backlay/contract/bets'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { call, openMarket } from '../../markets/test-support'
import { type BetfairApiClient, signedInClient } from '../../test/betfair-api-client'
import { EsaClient, type EsaMessage, op } from '../../test/esa-client'
import { buildTestApp, type TestApp } from '../../test/test-app'

/*
 * The Exchange Stream API through TLS as a Betfair client speaks it: the handshake and its
 * refusals, market prices equal to listMarketBook, orders of either door with their references,
 * a reconnect resuming on its clock, heartbeats and the bounds looped back.
 */

/** Parses with Betfair's schema and asks for nothing added or left out (an unknown field fails). */
function exact<T extends z.ZodType>(schema: T, message: EsaMessage) {
  const parsed = schema.parse(message)
  expect(parsed).toEqual(message)
  return parsed as z.output<T>
}

type Ladder = Map<number, number>
interface RunnerCache {
  batb: Map<number, [number, number]>
  batl: Map<number, [number, number]>
  atb: Ladder
  atl: Ladder
}

/** Folds mcm changes as a client's cache does: img replaces, a delta sets level by level. */
function fold(cache: Map<number, RunnerCache>, message: EsaMessage) {
  const mcm = marketChangeMessage.parse(message)
  for (const mc of mcm.mc ?? []) {
    if (mc.img) cache.clear()
    for (const rc of mc.rc ?? []) {
      const r = cache.get(rc.id) ?? {
        batb: new Map(),
        batl: new Map(),
        atb: new Map(),
        atl: new Map(),
      }
      cache.set(rc.id, r)
      for (const [level, price, size] of rc.batb ?? [])
        size === 0 ? r.batb.delete(level) : r.batb.set(level, [price, size])
      for (const [level, price, size] of rc.batl ?? [])
        size === 0 ? r.batl.delete(level) : r.batl.set(level, [price, size])
      for (const [price, size] of rc.atb ?? [])
        size === 0 ? r.atb.delete(price) : r.atb.set(price, size)
      for (const [price, size] of rc.atl ?? [])
        size === 0 ? r.atl.delete(price) : r.atl.set(price, size)
    }
  }
}

const bestOffers = (r: RunnerCache, side: 'batb' | 'batl') =>
  [...r[side]].sort(([a], [b]) => a - b).map(([, [price, size]]) => ({ price, size }))
const allOffers = (r: RunnerCache, side: 'atb' | 'atl') =>
  [...r[side]]
    .sort(([a], [b]) => (side === 'atb' ? b - a : a - b))
    .map(([price, size]) => ({ price, size }))

describe('Exchange Stream API', () => {
  let t: TestApp
  let api: BetfairApiClient
  /** The same player's web session. */
  let webToken: string
  let port: number
  let ca: string
  const clients: EsaClient[] = []
  beforeAll(async () => {
    t = await buildTestApp()
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    port = (await t.app.tradingStream.listening()) ?? 0
    ca = t.app.tradingStream.certificate() ?? ''
    const signedIn = await signedInClient(t.app, 10_000)
    api = signedIn.client
    webToken = signedIn.player.token
  })
  afterAll(async () => {
    for (const c of clients) c.close()
    await t.close()
  })

  const open = async () => {
    const client = await EsaClient.connect(port, ca)
    clients.push(client)
    exact(connectionMessage, await client.next(op('connection')))
    return client
  }
  const authenticated = async () => {
    const client = await open()
    client.send({ op: 'authentication', id: 1, appKey: api.appKey, session: api.token })
    const status = exact(statusMessage, await client.next(op('status')))
    expect(status).toMatchObject({ id: 1, statusCode: 'SUCCESS', connectionClosed: false })
    return client
  }
  /** A lay through placeOrders, resting where nothing takes it. */
  const layAt = (marketId: string, selectionId: number, price: number, size: number) =>
    api.rpc(
      'SportsAPING/v1.0/placeOrders',
      {
        marketId,
        instructions: [
          {
            orderType: 'LIMIT',
            selectionId,
            side: 'LAY',
            limitOrder: { size, price, persistenceType: 'LAPSE' },
          },
        ],
      },
      placeExecutionReport,
    )
  const refusal = async (client: EsaClient) => {
    const status = exact(
      statusMessage,
      await client.next(op('status', (m) => m.statusCode === 'FAILURE')),
    )
    await client.ended()
    expect(status.connectionClosed).toBe(true)
    return status.errorCode
  }

  it('answers connection and authentication as Betfair does, and refuses with its codes', async () => {
    const early = await open()
    early.send({ op: 'heartbeat', id: 5 })
    expect(await early.next(op('status', (m) => m.id === 5))).toMatchObject({
      id: 5,
      statusCode: 'SUCCESS',
    })
    early.send({ op: 'marketSubscription', id: 6, marketFilter: { marketIds: ['1.1'] } })
    expect(await refusal(early)).toBe('NOT_AUTHORIZED')

    const noKey = await open()
    noKey.send({ op: 'authentication', id: 1, session: api.token })
    expect(await refusal(noKey)).toBe('NO_APP_KEY')
    const noSession = await open()
    noSession.send({ op: 'authentication', id: 1, appKey: api.appKey })
    expect(await refusal(noSession)).toBe('NO_SESSION')
    const badSession = await open()
    badSession.send({ op: 'authentication', id: 1, appKey: api.appKey, session: 'not-a-token' })
    expect(await refusal(badSession)).toBe('INVALID_SESSION_INFORMATION')
    const badKey = await open()
    badKey.send({ op: 'authentication', id: 1, appKey: 'nope', session: api.token })
    expect(await refusal(badKey)).toBe('INVALID_APP_KEY')
    const garbage = await open()
    garbage.sendRaw('{"op": "authentication", \r\n')
    expect(await refusal(garbage)).toBe('INVALID_INPUT')
    const unknown = await open()
    unknown.send({ op: 'subscribeEverything', id: 2 })
    expect(await refusal(unknown)).toBe('INVALID_REQUEST')

    const ok = await authenticated()
    expect(ok.messages.find(op('status'))?.connectionsAvailable).toBeGreaterThanOrEqual(0)
  })

  it("streams a market's prices as listMarketBook gives them, and each change of its book", async () => {
    const market = await openMarket(t.app, 'MATCH_ODDS', { sportId: '4', prePlay: true })
    const client = await authenticated()
    client.send({
      op: 'marketSubscription',
      id: 2,
      marketFilter: { marketIds: [market.id] },
      marketDataFilter: {
        ladderLevels: 3,
        // Every field but the displayed ladder and the starting price's (none here).
        fields: MARKET_DATA_FIELDS.filter(
          (f) => f !== 'EX_BEST_OFFERS_DISP' && !f.startsWith('SP_'),
        ),
      },
    })
    expect(await client.next(op('status', (m) => m.id === 2))).toMatchObject({
      id: 2,
      statusCode: 'SUCCESS',
    })
    const image = exact(marketChangeMessage, await client.next(op('mcm')))
    expect(image).toMatchObject({ id: 2, ct: 'SUB_IMAGE', conflateMs: 0, heartbeatMs: 5_000 })
    expect(image.initialClk).toBe(image.clk)
    const [mc] = image.mc ?? []
    expect(mc).toMatchObject({
      id: market.id,
      img: true,
      marketDefinition: {
        status: 'OPEN',
        bettingType: 'ODDS',
        marketType: 'MATCH_ODDS',
        eventTypeId: '4',
      },
    })
    const cache = new Map<number, RunnerCache>()
    fold(cache, image)

    const book = async () =>
      (
        await api.rpc(
          'SportsAPING/v1.0/listMarketBook',
          { marketIds: [market.id], priceProjection: { priceData: ['EX_ALL_OFFERS'] } },
          z.array(marketBook),
        )
      )[0]
    const sameAsBook = async () => {
      for (const runner of (await book())?.runners ?? []) {
        const cached = cache.get(runner.selectionId)
        if (!cached) throw new Error(`runner ${runner.selectionId} not streamed`)
        expect(allOffers(cached, 'atb')).toEqual(runner.ex?.availableToBack)
        expect(allOffers(cached, 'atl')).toEqual(runner.ex?.availableToLay)
        expect(bestOffers(cached, 'batb')).toEqual(runner.ex?.availableToBack.slice(0, 3))
        expect(bestOffers(cached, 'batl')).toEqual(runner.ex?.availableToLay.slice(0, 3))
      }
    }
    await sameAsBook()

    // A lay resting far from the best prices shows in the full ladder only.
    const selectionId = Number(market.runners[0]?.selection_id)
    const from = client.messages.length
    await layAt(market.id, selectionId, 1.01, 100)
    const delta = exact(marketChangeMessage, await client.next(op('mcm'), { from }))
    expect(delta.ct).toBeUndefined()
    const change = delta.mc?.[0]?.rc?.find((rc) => rc.id === selectionId)
    expect(change?.atb).toContainEqual([1.01, 100])
    expect(change?.batb).toBeUndefined()
    fold(cache, delta)
    await t.app.tradingStream.idle()
    await sameAsBook()
  })

  it('follows orders placed by either door, with their references, to their end', async () => {
    const market = await openMarket(t.app, 'MATCH_ODDS', { sportId: '4', prePlay: true })
    const selectionId = Number(market.runners[1]?.selection_id)
    const client = await authenticated()
    client.send({ op: 'orderSubscription', id: 3 })
    expect(await client.next(op('status', (m) => m.id === 3))).toMatchObject({
      id: 3,
      statusCode: 'SUCCESS',
    })
    const image = exact(orderChangeMessage, await client.next(op('ocm')))
    expect(image).toMatchObject({ id: 3, ct: 'SUB_IMAGE' })

    const placed = await api.rpc(
      'SportsAPING/v1.0/placeOrders',
      {
        marketId: market.id,
        customerStrategyRef: 'ladder-7',
        instructions: [
          {
            orderType: 'LIMIT',
            selectionId,
            side: 'LAY',
            limitOrder: { size: 50, price: 1.02, persistenceType: 'PERSIST' },
            customerOrderRef: 'lay-1',
          },
        ],
      },
      placeExecutionReport,
    )
    const betId = placed.instructionReports[0]?.betId
    const ofBet = (id: string | undefined, status: 'E' | 'EC') => (m: EsaMessage) =>
      m.op === 'ocm' &&
      JSON.stringify(m.oc ?? []).includes(`"id":"${id}"`) &&
      JSON.stringify(m.oc ?? []).includes(`"status":"${status}"`)
    const resting = exact(orderChangeMessage, await client.next(ofBet(betId, 'E')))
    expect(resting.oc?.[0]).toMatchObject({
      id: market.id,
      orc: [
        {
          id: selectionId,
          uo: [
            {
              id: betId,
              p: 1.02,
              s: 50,
              side: 'L',
              status: 'E',
              pt: 'P',
              ot: 'L',
              sr: 50,
              sm: 0,
              rfo: 'lay-1',
              rfs: 'ladder-7',
            },
          ],
        },
      ],
    })

    // A bet from the web shows on the same stream.
    const saved = await call(t.app, webToken, 'POST', 'bet/saveBet', {
      is_back: 0,
      market_id: market.id,
      odds: 1.03,
      selection_id: String(selectionId),
      stack: 20,
    })
    const webBet = saveBetResponse.parse(saved.body).data.bet_id
    await client.next(ofBet(webBet, 'E'))

    const cancelled = await api.rpc(
      'SportsAPING/v1.0/cancelOrders',
      { marketId: market.id, instructions: [{ betId }] },
      cancelExecutionReport,
    )
    expect(cancelled.status).toBe('SUCCESS')
    const done = exact(orderChangeMessage, await client.next(ofBet(betId, 'EC')))
    expect(done.oc?.[0]?.orc?.[0]?.uo?.[0]).toMatchObject({
      id: betId,
      status: 'EC',
      sc: 50,
      sr: 0,
    })
  })

  it('resumes a reconnecting client on its clock with the changes it missed', async () => {
    const market = await openMarket(t.app, 'MATCH_ODDS', { sportId: '4', prePlay: true })
    const selectionId = Number(market.runners[0]?.selection_id)
    const subscribe = (client: EsaClient, clk?: string) =>
      client.send({
        op: 'marketSubscription',
        id: 4,
        ...(clk ? { clk } : {}),
        marketFilter: { marketIds: [market.id] },
        marketDataFilter: { fields: ['EX_ALL_OFFERS'] },
      })
    const first = await authenticated()
    subscribe(first)
    const image = marketChangeMessage.parse(await first.next(op('mcm')))
    const clk = image.clk ?? ''
    first.close()

    await layAt(market.id, selectionId, 1.01, 75)
    await t.app.tradingStream.idle()

    const again = await authenticated()
    subscribe(again, clk)
    const resumed = exact(marketChangeMessage, await again.next(op('mcm')))
    expect(resumed.ct).toBe('RESUB_DELTA')
    expect(resumed.mc?.[0]?.img).toBeUndefined()
    // The market may hold earlier tests' lays at 1.01: the change is theirs plus this one.
    const before =
      image.mc?.[0]?.rc?.find((rc) => rc.id === selectionId)?.atb?.find(([p]) => p === 1.01)?.[1] ??
      0
    expect(resumed.mc?.[0]?.rc?.find((rc) => rc.id === selectionId)?.atb).toEqual([
      [1.01, before + 75],
    ])

    const stranger = await authenticated()
    stranger.send({
      op: 'marketSubscription',
      id: 9,
      clk: '***',
      marketFilter: { marketIds: [market.id] },
    })
    expect(await stranger.next(op('status', (m) => m.id === 9))).toMatchObject({
      id: 9,
      statusCode: 'FAILURE',
      errorCode: 'INVALID_CLOCK',
    })
  })

  it('loops the bounded heartbeat and conflation back, and beats when nothing changes', async () => {
    const market = await openMarket(t.app, 'MATCH_ODDS', { sportId: '4', prePlay: true })
    const client = await authenticated()
    client.send({
      op: 'marketSubscription',
      id: 8,
      heartbeatMs: 100,
      conflateMs: 999_999,
      marketFilter: { marketIds: [market.id] },
    })
    const image = exact(marketChangeMessage, await client.next(op('mcm')))
    expect(image).toMatchObject({ heartbeatMs: 500, conflateMs: 120_000 })
    const beat = exact(
      marketChangeMessage,
      await client.next(op('mcm', (m) => m.ct === 'HEARTBEAT')),
    )
    expect(beat).toMatchObject({ id: 8, clk: expect.any(String), pt: expect.any(Number) })
    expect(beat.mc).toBeUndefined()
  })
})
