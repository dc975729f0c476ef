import { Writable } from 'node:stream'
import type { MarketChange, MarketDefinition } from '@backlay/contract/betfair-stream'
import pino from 'pino'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { fakeBettingApi } from './fake-betting-api'
import { fakeIdentityServer } from './fake-identity-server'
import { FakeStreamServer } from './fake-stream-server'
import { MarketCache } from './market-cache'
import { certLoginSession, fixedSession } from './session-token'
import { BetfairStreamAdapter, type BetfairStreamSettings } from './stream-adapter'

/** A logger whose lines the test reads. */
function capturedLog() {
  const lines: { msg: string; errorCode?: string }[] = []
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)))
      done()
    },
  })
  return { log: pino({ level: 'info' }, sink), lines }
}

const definition = (status: MarketDefinition['status']): MarketDefinition => ({
  eventId: '801',
  eventTypeId: '1',
  marketType: 'MATCH_ODDS',
  status,
  inPlay: false,
  betDelay: 0,
  marketTime: '2026-11-25T20:00:00.000Z',
  runners: [
    { id: 1, status: 'ACTIVE', sortPriority: 1 },
    { id: 2, status: 'ACTIVE', sortPriority: 2 },
  ],
})

const priceChange = (n: number): MarketChange => ({
  id: '1.801',
  rc: [
    { id: 1, batb: [[0, 2 + n / 100, 10 + n]], trd: [[2, 5 * n]], tv: 5 * n },
    { id: 2, batl: [[0, 3 + n / 20, 20 + n]] },
  ],
})

/** Betfair's names of the test market, which the stream's definitions leave out. */
const CATALOGUE = {
  '1.801': {
    marketName: 'Match Odds',
    eventName: 'Arsenal v Chelsea',
    runners: { 1: 'Arsenal', 2: 'Chelsea' },
  },
}
let bettingApi: Awaited<ReturnType<typeof fakeBettingApi>>
beforeAll(async () => {
  bettingApi = await fakeBettingApi(CATALOGUE)
})
afterAll(() => bettingApi.close())

const settingsFor = (server: FakeStreamServer, session: string): BetfairStreamSettings => ({
  host: '127.0.0.1',
  port: server.port,
  appKey: 'app-key',
  session: fixedSession(session),
  eventTypeIds: ['1'],
  marketTypes: ['MATCH_ODDS'],
  countryCodes: [],
  conflateMs: 0,
  heartbeatMs: 500,
  ca: `${server.certificate}\n${bettingApi.certificate}`,
  bettingApiUrl: bettingApi.url,
  reconnectMs: { min: 50, max: 400 },
  firstImageTimeoutMs: 5_000,
})

describe('BetfairStreamAdapter against a Stream API over TLS', () => {
  let server: FakeStreamServer | undefined
  let adapter: BetfairStreamAdapter | undefined
  afterEach(async () => {
    await adapter?.close()
    await server?.close()
  })

  it('logs a refused authentication clearly and keeps retrying until the session is good', async () => {
    server = await FakeStreamServer.start({ appKey: 'app-key', session: 'good' })
    server.publish(1, [{ ...priceChange(0), img: true, marketDefinition: definition('OPEN') }])
    const { log, lines } = capturedLog()
    adapter = new BetfairStreamAdapter(settingsFor(server, 'stale'), log)
    const first = adapter.snapshot(0)
    await vi.waitFor(() => expect(adapter?.connections).toBeGreaterThanOrEqual(3), {
      timeout: 10_000,
    })
    const refused = lines.filter((l) => l.msg === 'betfair stream: request refused')
    expect(refused.length).toBeGreaterThanOrEqual(2)
    expect(refused[0]?.errorCode).toBe('INVALID_SESSION_INFORMATION')
    expect(server.subscriptions).toHaveLength(0)

    // The operator renews the token at Betfair; the next attempt gets through.
    server.acceptedSession = 'stale'
    const update = await first
    expect(update.markets.map((m) => m.id)).toEqual(['1.801'])
    expect(server.subscriptions).toHaveLength(1)
  })

  it('resubscribes from the last clock after a dropped connection: nothing lost, nothing twice', async () => {
    server = await FakeStreamServer.start({ appKey: 'app-key', session: 'good' })
    const reference = new MarketCache()
    const publish = (pt: number, mc: MarketChange[]) => {
      server?.publish(pt, mc)
      reference.apply({ op: 'mcm', pt, mc })
    }
    publish(1, [{ ...priceChange(0), img: true, marketDefinition: definition('OPEN') }])
    adapter = new BetfairStreamAdapter(settingsFor(server, 'good'), capturedLog().log)
    expect((await adapter.snapshot(0)).markets).toHaveLength(1)
    for (let n = 1; n <= 3; n++) publish(1 + n, [priceChange(n)])
    await vi.waitFor(async () => {
      const update = await adapter?.poll(0)
      expect(update?.runners.find((r) => r.selectionId === '1')?.tradedVolume).toBe(15_00)
    })
    const clkBeforeDrop = server.clk

    server.dropConnections()
    // Published while the client is away: it must get these on its resubscription.
    for (let n = 4; n <= 6; n++) publish(1 + n, [priceChange(n)])
    await vi.waitFor(() => expect(server?.subscriptions).toHaveLength(2), { timeout: 10_000 })
    expect(server.subscriptions[1]).toMatchObject({ clk: clkBeforeDrop, initialClk: 'init' })

    publish(8, [{ id: '1.801', marketDefinition: definition('SUSPENDED') }])
    let last = await adapter.poll(0)
    await vi.waitFor(async () => {
      const update = await adapter?.poll(0)
      if (update?.markets.length) last = update
      expect(last.markets[0]?.status).toBe('SUSPENDED')
    })
    const expected = reference.markets.get('1.801')
    expect(last.runners.find((r) => r.selectionId === '1')).toMatchObject({
      back: [
        {
          price: Math.round((expected?.runners.get(1)?.batb.get(0)?.price ?? 0) * 100),
          size: 16_00,
        },
      ],
      tradedVolume: 30_00,
    })
    expect(last.runners.find((r) => r.selectionId === '2')?.lay).toEqual([
      { price: 330, size: 26_00 },
    ])
    expect(server.delivered).toEqual(['1', '2', '3', '4', '5', '6', '7', '8'])
  })

  it('reconnects when the stream falls silent past three heartbeats', async () => {
    server = await FakeStreamServer.start({ appKey: 'app-key', session: 'good' })
    server.publish(1, [{ id: '1.801', img: true, marketDefinition: definition('OPEN') }])
    const { log, lines } = capturedLog()
    adapter = new BetfairStreamAdapter(settingsFor(server, 'good'), log)
    await adapter.snapshot(0)
    await vi.waitFor(() => expect(server?.subscriptions.length).toBeGreaterThanOrEqual(2), {
      timeout: 10_000,
    })
    expect(lines.some((l) => l.msg === 'betfair stream: silent, reconnecting')).toBe(true)
    expect(server.subscriptions[1]?.clk).toBe('1')
  })

  it('logs in with the certificate again when Betfair refuses the session token', async () => {
    const identity = await fakeIdentityServer({ username: 'bot', password: 's3cret' })
    // The first token the login hands out has expired by the time the stream sees it.
    server = await FakeStreamServer.start({ appKey: 'app-key', session: 'token-2' })
    server.publish(1, [{ ...priceChange(0), img: true, marketDefinition: definition('OPEN') }])
    const { log, lines } = capturedLog()
    adapter = new BetfairStreamAdapter(
      { ...settingsFor(server, ''), session: certLoginSession(identity.settings) },
      log,
    )
    try {
      expect((await adapter.snapshot(0)).markets.map((m) => m.id)).toEqual(['1.801'])
      expect(identity.calls).toHaveLength(2)
      expect(lines.filter((l) => l.msg === 'betfair stream: request refused')).toHaveLength(1)
    } finally {
      await identity.close()
    }
  })

  it('names the markets the stream sends without names from the betting API', async () => {
    server = await FakeStreamServer.start({ appKey: 'app-key', session: 'good' })
    server.publish(1, [{ ...priceChange(0), img: true, marketDefinition: definition('OPEN') }])
    adapter = new BetfairStreamAdapter(settingsFor(server, 'good'), capturedLog().log)
    await adapter.snapshot(0)
    await vi.waitFor(async () => {
      const update = await adapter?.poll(0)
      expect(update?.events[0]?.name).toBe('Arsenal v Chelsea')
      expect(update?.runners.map((r) => r.name)).toEqual(['Arsenal', 'Chelsea'])
    })
    expect(bettingApi.calls.at(-1)).toEqual({
      path: '/exchange/betting/rest/v1.0/listMarketCatalogue/',
      session: 'good',
      marketIds: ['1.801'],
    })
  })
})
