import { readyResponse } from '@backlay/contract/health'
import { quoteAroundLastTraded } from '@backlay/exchange/feed-quotes'
import type { Odds, Paise } from '@backlay/exchange/ids'
import { basisPointsOf, profitAtOdds } from '@backlay/exchange/money'
import { afterAll, describe, expect, it } from 'vitest'
import type { App } from '../../app'
import { EXCHANGE_COMMISSION_BPS } from '../../markets/settlement'
import { call, ledgerTotal, moneyOf, newPlayer } from '../../markets/test-support'
import {
  bookAtOff,
  type FileKind,
  fileText,
  MADE_MARKETS,
  MARKET_TIME,
  writeMadeFiles,
} from '../../test/betfair-files'
import { buildTestApp, manualClock } from '../../test/test-app'
import { createTestDatabase, type TestDatabase } from '../../test/test-database'

/*
 * A file of every kind people have (made from the formats: test/betfair-files.ts), in every
 * packing (plain, gzip, bzip2, Betfair's .tar layout), each holding a race's WIN and PLACE markets
 * and a football match's match odds, over/under and correct score, replayed at speed 0.
 */

const MARKET_IDS = MADE_MARKETS.map((m) => m.id)
const RACE_EVENT = `60000001.${Date.parse(MARKET_TIME) / 1000}`
/** The defaults of FEED_LTP_SPREAD_TICKS (horse racing 4, football 2), DEPTH and SIZE. */
const basicQuote = (sportId: string) => ({
  spreadTicks: sportId === '7' ? 4 : 2,
  depth: 3,
  size: 5_000_00,
})

async function play(app: App, clock: ReturnType<typeof manualClock>, times: number) {
  for (let i = 0; i < times; i++) {
    clock.advance(1_000)
    await app.feed?.tick()
  }
  await app.marketJobs.idle()
  await app.exchange.idle()
}

const settlementsOf = (app: App) =>
  app.db
    .selectFrom('market_settlements')
    .select(['market_id', 'result_kind', 'winner_selection_id', 'dead_heat_with'])
    .where('market_id', 'in', MARKET_IDS)
    .orderBy('market_id')
    .execute()

async function playToSettlement(app: App, clock: ReturnType<typeof manualClock>) {
  for (let i = 0; i < 40 && (await settlementsOf(app)).length < MARKET_IDS.length; i++)
    await play(app, clock, 1)
}

/** A bet of `rupees` on runner `r` of market `m` at its best price of that side. */
async function betAtBest(
  app: App,
  token: string,
  { m, r, side, rupees }: { m: number; r: number; side: 'back' | 'lay'; rupees: number },
) {
  const market = MADE_MARKETS[m]
  const runner = market?.runners[r]
  if (!market || !runner) throw new Error(`no runner ${m}/${r}`)
  const [best] = (
    await app.db
      .selectFrom('runners')
      .select(['back', 'lay'])
      .where('market_id', '=', market.id)
      .where('selection_id', '=', String(runner.id))
      .executeTakeFirstOrThrow()
  )[side]
  if (!best) throw new Error(`no ${side} price on ${market.id}/${runner.id}`)
  const res = await call(app, token, 'POST', 'bet/saveBet', {
    is_back: side === 'back' ? 1 : 0,
    market_id: market.id,
    odds: best.price / 100,
    selection_id: String(runner.id),
    stack: rupees,
  })
  expect(res.body, JSON.stringify(res.body)).toMatchObject({
    status: true,
    data: { status: 'MATCHED' },
  })
  return best.price
}

/** Net of commission, as one market's winnings settle. */
const net = (pl: number) => pl - (pl > 0 ? basisPointsOf(pl as Paise, EXCHANGE_COMMISSION_BPS) : 0)

const CASES: [FileKind, 'single' | 'gz' | 'bz2' | 'tar'][] = [
  ['BASIC', 'tar'],
  ['ADVANCED', 'gz'],
  ['PRO', 'bz2'],
  ['RECORDER', 'single'],
]

describe.each(CASES)('a %s file (%s)', (kind, layout) => {
  const databases: TestDatabase[] = []
  afterAll(async () => {
    for (const database of databases) await database.drop()
  })

  it('lists every market of the race and the match, shows its prices, and settles each once from the file', async () => {
    const database = await createTestDatabase()
    databases.push(database)
    const clock = manualClock('2026-12-02T10:00:00Z')
    const env = {
      FEED: 'betfair-replay',
      FEED_REPLAY_FILES: writeMadeFiles(kind, layout),
      FEED_REPLAY_SPEED: '0',
    }
    const first = await buildTestApp({ database, clock, env })
    const app = first.app
    await play(app, clock, 1)

    // Listed with Betfair's ids and names: the race's win and place markets under one race.
    const markets = await app.db
      .selectFrom('markets as m')
      .innerJoin('events as e', 'e.id', 'm.event_id')
      .select(['m.id', 'm.kind', 'm.name', 'm.market_type', 'm.number_of_winners', 'm.status'])
      .select(['e.id as event', 'e.name as eventName'])
      .where('m.id', 'in', MARKET_IDS)
      .orderBy('m.id')
      .execute()
    const race = { event: RACE_EVENT, eventName: 'Kempton 1m Hcap', status: 'OPEN' }
    const match = { event: '60000002', eventName: 'Arsenal v Chelsea', status: 'OPEN' }
    expect(markets).toEqual([
      {
        id: '1.600000001',
        kind: 'WIN',
        name: '1m Hcap',
        market_type: 'WIN',
        number_of_winners: 1,
        ...race,
      },
      {
        id: '1.600000002',
        kind: 'ODDS',
        name: 'To Be Placed',
        market_type: 'PLACE',
        number_of_winners: 2,
        ...race,
      },
      {
        id: '1.600000003',
        kind: 'MATCH_ODDS',
        name: 'Match Odds',
        market_type: 'MATCH_ODDS',
        number_of_winners: 1,
        ...match,
      },
      {
        id: '1.600000004',
        kind: 'ODDS',
        name: 'Over/Under 2.5 Goals',
        market_type: 'OVER_UNDER_25',
        number_of_winners: 1,
        ...match,
      },
      {
        id: '1.600000005',
        kind: 'ODDS',
        name: 'Correct Score',
        market_type: 'CORRECT_SCORE',
        number_of_winners: 1,
        ...match,
      },
    ])

    // Each runner's prices at the off as the file has them; a BASIC file's quoted around its ltp.
    for (const [m, market] of MADE_MARKETS.entries()) {
      const runners = await app.db
        .selectFrom('runners')
        .select(['selection_id', 'name', 'back', 'lay', 'last_traded_price', 'traded_volume'])
        .where('market_id', '=', market.id)
        .orderBy('sort_priority')
        .execute()
      expect(runners.map((r) => [r.selection_id, r.name])).toEqual(
        market.runners.map((r) => [String(r.id), r.name]),
      )
      runners.forEach((row, r) => {
        const off = bookAtOff(m, r)
        const book =
          kind === 'BASIC'
            ? quoteAroundLastTraded(off.lastTraded, basicQuote(market.eventTypeId))
            : { back: off.back, lay: off.lay }
        expect(row, `${market.id} ${row.selection_id}`).toMatchObject({
          ...book,
          last_traded_price: off.lastTraded,
          traded_volume: off.tradedVolume,
        })
      })
    }

    // As the player's site shows them: the race with its place market, the match with all three.
    const open = async (url: string, payload: object) =>
      (await app.inject({ method: 'POST', url: `/api/v1/${url}`, payload })).json().data
    const races = await open('market/allRacingMarketsOpen', { sport_id: '7' })
    expect(races).toEqual([
      expect.objectContaining({
        match_id: RACE_EVENT,
        market_id: '1.600000001',
        other_markets: [{ market_id: '1.600000002', market_name: 'To Be Placed' }],
      }),
    ])
    const placeOdds = await open('market/raceOddsOpen', {
      match_id: RACE_EVENT,
      market_id: '1.600000002',
    })
    expect(placeOdds).toMatchObject({ market_type: 'WIN', isHrBet: true, name: 'To Be Placed' })
    expect(placeOdds.runners[0].ex.tradedVolume).toBe(bookAtOff(1, 0).tradedVolume / 100)
    const details = await open('match/matchDetailsOpen', { match_id: '60000002' })
    expect(
      details.map((d: { market_id: string; market_type: string }) => [d.market_id, d.market_type]),
    ).toEqual([
      ['1.600000003', 'MATCH_ODDS'],
      ['1.600000004', 'MATCH_ODDS'],
      ['1.600000005', 'MATCH_ODDS'],
    ])
    const history = await app.inject({
      url: '/api/v1/exchange/market/priceHistory?marketId=1.600000004',
    })
    expect(history.json().data.runners[1].feed).toEqual({
      lastTradedPrice: bookAtOff(3, 1).lastTraded / 100,
      tradedVolume: bookAtOff(3, 1).tradedVolume / 100,
    })

    // A player backs a placed runner (paid in full beside the winner), a loser to win, and
    // the over/under's winner.
    await app.db
      .updateTable('markets')
      .set({ bet_delay_seconds: 0 })
      .where('id', 'in', MARKET_IDS)
      .execute()
    const player = await newPlayer(app, { rupees: 1_000 })
    const back = (m: number, r: number) =>
      betAtBest(app, player.token, { m, r, side: 'back', rupees: 100 })
    const placed = await back(1, 2)
    await back(0, 1)
    const over = await back(3, 1)
    expect((await moneyOf(app, player.id)).exposure).toBe(300_00)
    // Laying two runners to be placed in a 2-place race can lose both liabilities at once; in
    // the win market only the larger.
    const layer = await newPlayer(app, { rupees: 10_000 })
    const lay = (m: number, r: number) =>
      betAtBest(app, layer.token, { m, r, side: 'lay', rupees: 100 })
    const liability = (odds: number) => profitAtOdds(100_00 as Paise, odds as Odds)
    const [placeFirst, placeSecond] = [await lay(1, 0), await lay(1, 1)]
    const [winFirst, winSecond] = [await lay(0, 0), await lay(0, 1)]
    expect((await moneyOf(app, layer.id)).exposure).toBe(
      liability(placeFirst) +
        liability(placeSecond) +
        Math.max(0, liability(winFirst) - 100_00, liability(winSecond) - 100_00),
    )
    // An over/under is single-winner like match odds: the site offers cash-out on it.
    const trader = await newPlayer(app, { rupees: 1_000 })
    await betAtBest(app, trader.token, { m: 3, r: 0, side: 'back', rupees: 300 })
    const cashOut = await call(
      app,
      trader.token,
      'GET',
      'exchange/order/cashout?marketId=1.600000004',
    )
    expect(cashOut.body).toMatchObject({ status: true, data: { msg: 'Cash-out successful.' } })

    await playToSettlement(app, clock)
    expect(await settlementsOf(app)).toEqual([
      {
        market_id: '1.600000001',
        result_kind: 'WINNER',
        winner_selection_id: '7100',
        dead_heat_with: null,
      },
      {
        market_id: '1.600000002',
        result_kind: 'WINNER',
        winner_selection_id: '7100',
        dead_heat_with: ['7102'],
      },
      {
        market_id: '1.600000003',
        result_kind: 'WINNER',
        winner_selection_id: '47999',
        dead_heat_with: null,
      },
      {
        market_id: '1.600000004',
        result_kind: 'WINNER',
        winner_selection_id: '47973',
        dead_heat_with: null,
      },
      {
        market_id: '1.600000005',
        result_kind: 'WINNER',
        winner_selection_id: '3',
        dead_heat_with: null,
      },
    ])
    const place = await app.db
      .selectFrom('runners')
      .select(['selection_id', 'status'])
      .where('market_id', '=', '1.600000002')
      .orderBy('sort_priority')
      .execute()
    expect(place.map((r) => r.status)).toEqual(['WINNER', 'LOSER', 'WINNER', 'LOSER'])
    const cash =
      1_000_00 +
      net(profitAtOdds(100_00 as Paise, placed as Odds)) -
      100_00 +
      net(profitAtOdds(100_00 as Paise, over as Odds))
    expect(await moneyOf(app, player.id)).toEqual({ cash, exposure: 0 })
    // 7100 won and was placed; 7101 neither.
    const layerCash =
      10_000_00 + net(100_00 - liability(placeFirst)) + net(100_00 - liability(winFirst))
    expect(await moneyOf(app, layer.id)).toEqual({ cash: layerCash, exposure: 0 })
    expect(await ledgerTotal(app)).toBe(0)
    const lines = fileText(kind)
      .split(/\r?\n/)
      .filter((l) => l.length > 0)
    const health = readyResponse.parse((await app.inject({ url: '/health/ready' })).json())
    expect(health.replay).toMatchObject({
      markets: MADE_MARKETS.length,
      skipped: {},
      finished: true,
    })
    // A recorder's connection and status lines are read, not counted as market lines.
    expect(health.replay?.lines).toBeGreaterThanOrEqual(lines.length - 2)
    await first.close()

    // The same files again over the same store settle nothing twice.
    clock.advance(24 * 3_600_000)
    const second = await buildTestApp({ database, clock, env })
    await play(second.app, clock, 20)
    expect(await settlementsOf(second.app)).toHaveLength(MARKET_IDS.length)
    expect(await moneyOf(second.app, player.id)).toEqual({ cash, exposure: 0 })
    await second.close()
  }, 120_000)
})
