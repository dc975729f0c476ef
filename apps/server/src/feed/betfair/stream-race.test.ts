import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { MarketDefinition, RunnerDefinition } from '@backlay/contract/betfair-stream'
import { saveBetResponse } from '@backlay/contract/bets'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { App } from '../../app'
import { call, ledgerTotal, moneyOf, newPlayer } from '../../markets/test-support'
import { buildTestApp, manualClock, type TestApp } from '../../test/test-app'
import { fakeBettingApi } from './fake-betting-api'
import { fakeIdentityServer } from './fake-identity-server'
import { FakeStreamServer } from './fake-stream-server'

const MARKET = '1.555000001'

const race = (
  over: Partial<MarketDefinition>,
  runners: RunnerDefinition['status'][] = ['ACTIVE', 'ACTIVE', 'ACTIVE'],
): MarketDefinition => ({
  eventId: '555001',
  eventTypeId: '4339',
  marketType: 'WIN',
  status: 'OPEN',
  inPlay: false,
  betDelay: 0,
  marketTime: '2026-11-25T12:00:00.000Z',
  venue: 'Romford',
  countryCode: 'GB',
  runners: runners.map((status, i) => ({
    id: 5001 + i,
    status,
    sortPriority: i + 1,
    // A withdrawn dog's reduction factor, as Betfair announces it with the removal.
    ...(status === 'REMOVED'
      ? { adjustmentFactor: 20, removalDate: '2026-11-25T11:55:00.000Z' }
      : {}),
  })),
  ...over,
})

const marketRow = (app: App) =>
  app.db
    .selectFrom('markets')
    .select(['status', 'inplay', 'winner_selection_id'])
    .where('id', '=', MARKET)
    .executeTakeFirst()

/** Lets the feed service take what the stream brought until `check` holds. */
const tickUntil = (app: App, check: () => Promise<void>) =>
  vi.waitFor(
    async () => {
      await app.feed?.tick()
      await app.marketJobs.idle()
      await app.exchange.idle()
      await check()
    },
    { timeout: 15_000, interval: 100 },
  )

describe('FEED=betfair-stream through a whole race', () => {
  let server: FakeStreamServer | undefined
  let t: TestApp | undefined
  let bettingApi: Awaited<ReturnType<typeof fakeBettingApi>> | undefined
  afterEach(async () => {
    await t?.close()
    await server?.close()
    await bettingApi?.close()
  })

  it('opens the market, applies a non-runner, lapses unmatched bets at the off, settles on the result and pays each bet once', async () => {
    server = await FakeStreamServer.start({ appKey: 'app-key', session: 'session' })
    bettingApi = await fakeBettingApi({
      [MARKET]: {
        marketName: '480m A4',
        eventName: 'Romford 25th Nov',
        runners: { 5001: '1. Swift Lad', 5002: '2. Blue Bolt', 5003: '3. Dark Comet' },
      },
    })
    const caFile = join(mkdtempSync(join(tmpdir(), 'backlay-ca-')), 'ca.pem')
    writeFileSync(caFile, `${server.certificate}\n${bettingApi.certificate}`)
    server.publish(1, [
      {
        id: MARKET,
        img: true,
        marketDefinition: race({}),
        rc: [
          { id: 5001, atb: [[2.5, 400]], atl: [[2.56, 300]] },
          { id: 5002, atb: [[3.5, 200]], atl: [[3.6, 250]] },
          { id: 5003, atb: [[6, 100]], atl: [[6.4, 100]] },
        ],
      },
    ])
    t = await buildTestApp({
      clock: manualClock('2026-11-25T11:50:00Z'),
      env: {
        FEED: 'betfair-stream',
        BETFAIR_APP_KEY: 'app-key',
        BETFAIR_SESSION_TOKEN: 'session',
        BETFAIR_FEED_STREAM_HOST: '127.0.0.1',
        BETFAIR_FEED_STREAM_PORT: String(server.port),
        BETFAIR_CA_FILE: caFile,
        BETFAIR_API_URL: bettingApi.url,
        BETFAIR_COUNTRY_CODES: 'GB,IE',
        BETFAIR_CONFLATE_MS: '250',
        BETFAIR_HEARTBEAT_MS: '1000',
      },
    })
    const app = t.app
    // The subscription carries the configured filter: every event type and market type we carry.
    expect(server.subscriptions[0]).toEqual({
      op: 'marketSubscription',
      id: 2,
      segmentationEnabled: true,
      conflateMs: 250,
      heartbeatMs: 1000,
      marketFilter: {
        eventTypeIds: ['4', '1', '2', '7', '4339'],
        marketTypes: ['MATCH_ODDS', 'WIN'],
        countryCodes: ['GB', 'IE'],
      },
      marketDataFilter: {
        fields: ['EX_BEST_OFFERS_DISP', 'EX_TRADED', 'EX_TRADED_VOL', 'EX_LTP', 'EX_MARKET_DEF'],
        ladderLevels: 3,
      },
    })
    expect(await marketRow(app)).toEqual({
      status: 'OPEN',
      inplay: false,
      winner_selection_id: null,
    })
    await app.db
      .updateTable('markets')
      .set({ bet_delay_seconds: 0 })
      .where('id', '=', MARKET)
      .execute()

    const winner = await newPlayer(app, { rupees: 1_000 })
    const loser = await newPlayer(app, { rupees: 1_000 })
    const resting = await newPlayer(app, { rupees: 1_000 })
    const onNonRunner = await newPlayer(app, { rupees: 1_000 })
    const bet = (token: string, selection: string, odds: number, isBack: 0 | 1) =>
      call(app, token, 'POST', 'bet/saveBet', {
        is_back: isBack,
        market_id: MARKET,
        odds,
        selection_id: selection,
        stack: 100,
      }).then((res) => saveBetResponse.parse(res.body).data.status)
    expect(await bet(winner.token, '5001', 2.5, 1)).toBe('MATCHED')
    expect(await bet(loser.token, '5002', 3.5, 1)).toBe('MATCHED')
    expect(await bet(resting.token, '5002', 50, 1)).toBe('UNMATCHED')
    expect(await bet(onNonRunner.token, '5003', 6, 1)).toBe('MATCHED')
    expect(await moneyOf(app, resting.id)).toEqual({ cash: 900_00, exposure: 100_00 })

    // The third dog is withdrawn with a 20 % reduction factor: its bets are void, the market is
    // re-formed (unmatched bets go) and the prices matched before are cut by a fifth.
    const withdrawn = ['ACTIVE', 'ACTIVE', 'REMOVED'] as const
    server.publish(2, [{ id: MARKET, marketDefinition: race({}, [...withdrawn]) }])
    await tickUntil(app, async () => {
      expect(await moneyOf(app, onNonRunner.id)).toEqual({ cash: 1_000_00, exposure: 0 })
      expect(await moneyOf(app, resting.id)).toEqual({ cash: 1_000_00, exposure: 0 })
    })
    expect(await bet(resting.token, '5002', 50, 1)).toBe('UNMATCHED')
    expect(await moneyOf(app, resting.id)).toEqual({ cash: 900_00, exposure: 100_00 })

    server.publish(3, [
      { id: MARKET, marketDefinition: race({ inPlay: true, betDelay: 1 }, [...withdrawn]) },
    ])
    await tickUntil(app, async () => {
      expect(await marketRow(app)).toMatchObject({ status: 'OPEN', inplay: true })
      const names = await app.db
        .selectFrom('runners')
        .select('name')
        .where('market_id', '=', MARKET)
        .orderBy('sort_priority')
        .execute()
      expect(names.map((r) => r.name)).toEqual(['1. Swift Lad', '2. Blue Bolt', '3. Dark Comet'])
      expect(await moneyOf(app, resting.id)).toEqual({ cash: 1_000_00, exposure: 0 })
    })

    server.publish(4, [
      {
        id: MARKET,
        marketDefinition: race({ status: 'CLOSED', inPlay: true }, ['WINNER', 'LOSER', 'REMOVED']),
      },
    ])
    await tickUntil(app, async () => {
      const settled = await app.db
        .selectFrom('market_settlements')
        .select('market_id')
        .where('market_id', '=', MARKET)
        .execute()
      expect(settled).toHaveLength(1)
    })
    expect(await marketRow(app)).toEqual({
      status: 'CLOSED',
      inplay: false,
      winner_selection_id: '5001',
    })
    // ₹100 at 2.50 cut to 2.00 wins ₹100, less 2% commission on the market's net win; the
    // loser's ₹100 is gone; the bet on the non-runner stays void.
    const paid = { winner: await moneyOf(app, winner.id), loser: await moneyOf(app, loser.id) }
    expect(paid).toEqual({
      winner: { cash: 1_098_00, exposure: 0 },
      loser: { cash: 900_00, exposure: 0 },
    })
    expect(await moneyOf(app, onNonRunner.id)).toEqual({ cash: 1_000_00, exposure: 0 })
    expect(await ledgerTotal(app)).toBe(0)

    // Betfair repeats the closed definition (a resubscription, a late change): nothing moves.
    const ledgerRows = await app.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    server.publish(5, [
      {
        id: MARKET,
        marketDefinition: race({ status: 'CLOSED', inPlay: true }, ['WINNER', 'LOSER', 'REMOVED']),
      },
    ])
    server.dropConnections()
    await vi.waitFor(() => expect(server?.subscriptions).toHaveLength(2), { timeout: 10_000 })
    await app.feed?.tick()
    await app.marketJobs.idle()
    await app.exchange.idle()
    expect(await moneyOf(app, winner.id)).toEqual(paid.winner)
    expect(
      await app.db
        .selectFrom('ledger_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual(ledgerRows)
  }, 60_000)

  it('signs in with the certificate login when no session token is set', async () => {
    const identity = await fakeIdentityServer({ username: 'bot', password: 's3cret' })
    try {
      server = await FakeStreamServer.start({ appKey: 'app-key', session: 'token-1' })
      bettingApi = await fakeBettingApi({})
      const dir = mkdtempSync(join(tmpdir(), 'backlay-cert-'))
      const file = (name: string, text: string) => {
        writeFileSync(join(dir, name), text)
        return join(dir, name)
      }
      server.publish(1, [{ id: MARKET, img: true, marketDefinition: race({}) }])
      t = await buildTestApp({
        env: {
          FEED: 'betfair-stream',
          BETFAIR_APP_KEY: 'app-key',
          BETFAIR_USERNAME: 'bot',
          BETFAIR_PASSWORD: 's3cret',
          BETFAIR_CERT_FILE: file('client.crt', identity.settings.cert),
          BETFAIR_KEY_FILE: file('client.key', identity.settings.key),
          BETFAIR_LOGIN_URL: identity.settings.url,
          BETFAIR_FEED_STREAM_HOST: '127.0.0.1',
          BETFAIR_FEED_STREAM_PORT: String(server.port),
          BETFAIR_CA_FILE: file(
            'ca.pem',
            [server.certificate, bettingApi.certificate, identity.settings.ca].join('\n'),
          ),
          BETFAIR_API_URL: bettingApi.url,
        },
      })
      expect(await marketRow(t.app)).toMatchObject({ status: 'OPEN' })
      expect(identity.calls).toEqual([
        { appKey: 'app-key', body: 'username=bot&password=s3cret', withCertificate: true },
      ])
    } finally {
      await identity.close()
    }
  }, 60_000)
})
