import { readFileSync } from 'node:fs'
import { saveBetResponse } from '@backlay/contract/bets'
import { readyResponse } from '@backlay/contract/health'
import { afterAll, describe, expect, it } from 'vitest'
import type { App } from '../../app'
import { call, ledgerTotal, moneyOf, newPlayer } from '../../markets/test-support'
import { recording } from '../../test/betfair-recordings'
import { buildTestApp, manualClock } from '../../test/test-app'
import { createTestDatabase, type TestDatabase } from '../../test/test-database'

/*
 * Real Betfair files, of the kinds people have, through FEED=betfair-replay: a historical BASIC
 * file (last traded prices only), and a stream saved by betfairlightweight ("clk": null, spaces
 * after the colons, full ladders).
 */

const HOUR = 3_600_000
const BASIC_RACE = '1.132153978'
const WINNER = '12115648'

const replayEnv = (file: string, speed: string) => ({
  FEED: 'betfair-replay',
  FEED_REPLAY_FILES: recording(file),
  FEED_REPLAY_SPEED: speed,
})

/** One feed tick a recorded `stepMs` apart (the replay's speed times a second), `times` times. */
async function play(app: App, clock: ReturnType<typeof manualClock>, times: number) {
  for (let i = 0; i < times; i++) {
    clock.advance(1_000)
    await app.feed?.tick()
  }
  await app.marketJobs.idle()
  await app.exchange.idle()
}

const runnersOf = (app: App, marketId: string) =>
  app.db
    .selectFrom('runners')
    .select(['selection_id', 'name', 'status', 'back', 'lay', 'last_traded_price'])
    .where('market_id', '=', marketId)
    .orderBy('sort_priority')
    .execute()

const settlementsOf = (app: App, marketId: string) =>
  app.db
    .selectFrom('market_settlements')
    .select(['result_kind', 'winner_selection_id'])
    .where('market_id', '=', marketId)
    .execute()

async function replayReport(app: App) {
  const res = await app.inject({ method: 'GET', url: '/health/ready' })
  return readyResponse.parse(res.json()).replay
}

/** Plays a speed-0 replay on until `marketId` is settled (each status turn is a batch of its own). */
async function playToSettlement(app: App, clock: ReturnType<typeof manualClock>, marketId: string) {
  for (let i = 0; i < 40 && (await settlementsOf(app, marketId)).length === 0; i++)
    await play(app, clock, 1)
}

describe('real Betfair recordings', () => {
  const databases: TestDatabase[] = []
  afterAll(async () => {
    for (const database of databases) await database.drop()
  })
  const newDatabase = async () => {
    const database = await createTestDatabase()
    databases.push(database)
    return database
  }

  it('makes a BASIC race (last traded prices only) tradable around them, and settles it once from the file', async () => {
    const database = await newDatabase()
    const clock = manualClock('2026-12-02T10:00:00Z')
    // An hour of the recording a second.
    const env = replayEnv(`BASIC-${BASIC_RACE}`, '3600')
    const first = await buildTestApp({ database, clock, env })
    const app = first.app

    const race = await app.db
      .selectFrom('markets as m')
      .innerJoin('events as e', 'e.id', 'm.event_id')
      .select(['m.kind', 'm.name', 'm.status', 'e.name as event', 'e.venue'])
      .where('m.id', '=', BASIC_RACE)
      .executeTakeFirstOrThrow()
    expect(race).toEqual({
      kind: 'WIN',
      name: '1m Hcap',
      status: 'OPEN',
      event: 'Hamilton 1m Hcap',
      venue: 'Hamilton',
    })
    expect((await runnersOf(app, BASIC_RACE)).slice(0, 2)).toMatchObject([
      { selection_id: '12115648', name: 'Brother Mcgonagall' },
      { selection_id: '10299545' },
    ])

    // 31 recorded hours on, the favourite last traded at 3.45: quoted 2 ticks either side
    // (FEED_LTP_SPREAD_TICKS 4 for horse racing), 3 levels of ₹5,000.
    await play(app, clock, 31)
    const favourite = (await runnersOf(app, BASIC_RACE)).find((r) => r.selection_id === WINNER)
    expect(favourite).toMatchObject({ status: 'ACTIVE', last_traded_price: 345 })
    expect(favourite?.back).toEqual([335, 330, 325].map((price) => ({ price, size: 5_000_00 })))
    expect(favourite?.lay).toEqual([355, 360, 365].map((price) => ({ price, size: 5_000_00 })))
    const removed = await app.db
      .selectFrom('runner_removals')
      .select(['selection_id', 'reduction_factor_bp'])
      .where('market_id', '=', BASIC_RACE)
      .orderBy('selection_id')
      .execute()
    expect(removed).toEqual([
      { selection_id: '11198538', reduction_factor_bp: 714 },
      { selection_id: '9606433', reduction_factor_bp: 555 },
    ])

    await app.db
      .updateTable('markets')
      .set({ bet_delay_seconds: 0 })
      .where('id', '=', BASIC_RACE)
      .execute()
    const player = await newPlayer(app, { rupees: 1_000 })
    const back = await call(app, player.token, 'POST', 'bet/saveBet', {
      is_back: 1,
      market_id: BASIC_RACE,
      odds: 3.35,
      selection_id: WINNER,
      stack: 100,
    })
    expect(saveBetResponse.parse(back.body).data.status).toBe('MATCHED')

    await play(app, clock, 2)
    await playToSettlement(app, clock, BASIC_RACE)
    expect(await settlementsOf(app, BASIC_RACE)).toEqual([
      { result_kind: 'WINNER', winner_selection_id: WINNER },
    ])
    const statuses = Object.fromEntries(
      (await runnersOf(app, BASIC_RACE)).map((r) => [r.selection_id, r.status]),
    )
    expect(statuses).toMatchObject({ [WINNER]: 'WINNER', '10299545': 'LOSER' })
    expect(statuses['11198538']).toBe('REMOVED')
    expect(Object.values(statuses).filter((s) => s === 'LOSER')).toHaveLength(11)
    // ₹100 at 3.35 won ₹235, less 2% commission.
    expect(await moneyOf(app, player.id)).toEqual({ cash: 1_000_00 + 235_00 - 4_70, exposure: 0 })
    expect(await ledgerTotal(app)).toBe(0)
    expect(await replayReport(app)).toMatchObject({
      files: 1,
      lines: 480,
      markets: 1,
      skipped: {},
      finished: true,
    })
    await first.close()

    // The same file again over the same store settles nothing twice.
    clock.advance(24 * HOUR)
    const second = await buildTestApp({ database, clock, env })
    await play(second.app, clock, 40)
    expect(await settlementsOf(second.app, BASIC_RACE)).toHaveLength(1)
    expect(await moneyOf(second.app, player.id)).toEqual({
      cash: 1_000_00 + 235_00 - 4_70,
      exposure: 0,
    })
    await second.close()
  }, 120_000)

  it('records the result of a market nobody bet on', async () => {
    const database = await newDatabase()
    const clock = manualClock('2026-12-02T10:00:00Z')
    const { app, close } = await buildTestApp({
      database,
      clock,
      env: replayEnv('BASIC-1.223716976', '0'),
    })
    await playToSettlement(app, clock, '1.223716976')
    const [settled] = await settlementsOf(app, '1.223716976')
    expect(settled?.result_kind).toBe('WINNER')
    const runners = await runnersOf(app, '1.223716976')
    expect(runners.map((r) => r.status).toSorted()).toEqual(['LOSER', 'WINNER'])
    expect(runners.find((r) => r.status === 'WINNER')?.selection_id).toBe(
      settled?.winner_selection_id,
    )
    await close()
  }, 60_000)

  it('replays a betfairlightweight recording (clk null, spaces) with no line skipped and its prices as the file has them', async () => {
    const file = 'SELF-1.164917629'
    const database = await newDatabase()
    const clock = manualClock('2026-12-02T10:00:00Z')
    const { app, close } = await buildTestApp({ database, clock, env: replayEnv(file, '0') })
    await play(app, clock, 3)
    expect(await replayReport(app)).toMatchObject({ lines: 298, skipped: {}, finished: true })

    // The file's full ladders folded by hand: the best three levels each side at its end.
    const ladders = new Map<number, { atb: Map<number, number>; atl: Map<number, number> }>()
    for (const line of readFileSync(recording(file), 'utf8').trim().split('\n')) {
      for (const mc of JSON.parse(line).mc ?? []) {
        for (const rc of mc.rc ?? []) {
          const ladder = ladders.get(rc.id) ?? { atb: new Map(), atl: new Map() }
          ladders.set(rc.id, ladder)
          for (const side of ['atb', 'atl'] as const)
            for (const [price, size] of rc[side] ?? [])
              size === 0 ? ladder[side].delete(price) : ladder[side].set(price, size)
        }
      }
    }
    const best = (side: Map<number, number>, order: 1 | -1) =>
      [...side]
        .sort(([a], [b]) => order * (a - b))
        .slice(0, 3)
        .map(([price, size]) => ({ price: Math.round(price * 100), size: Math.round(size * 100) }))
    const runners = await runnersOf(app, '1.164917629')
    expect(runners).toHaveLength(10)
    for (const runner of runners) {
      const ladder = ladders.get(Number(runner.selection_id))
      expect(ladder).toBeDefined()
      expect(runner.back).toEqual(best(ladder?.atb ?? new Map(), -1))
      expect(runner.lay).toEqual(best(ladder?.atl ?? new Map(), 1))
    }
    expect(runners.every((r) => r.back.length > 0 && r.lay.length > 0)).toBe(true)
    await close()
  }, 60_000)

  it.each([
    // A raw stream (SUB_IMAGE, initialClk, level-indexed batb/batl beside atb/atl), three non-runners.
    { file: 'RECORDED-1.185781277', lines: 7600, winner: '40364042', removed: 3 },
    // Betfair's PRO historical data: full ladders, sub-second, a non-runner while suspended.
    { file: 'PRO-1.206064380', lines: 18793, winner: '38523163', removed: 1 },
  ])(
    'replays $file whole with no line skipped and settles it from its WINNER',
    async ({ file, lines, winner, removed }) => {
      const marketId = file.replace(/^[A-Z]+-/, '')
      const database = await newDatabase()
      const clock = manualClock('2026-12-02T10:00:00Z')
      const { app, close } = await buildTestApp({ database, clock, env: replayEnv(file, '0') })
      await playToSettlement(app, clock, marketId)
      expect(await settlementsOf(app, marketId)).toEqual([
        { result_kind: 'WINNER', winner_selection_id: winner },
      ])
      const statuses = (await runnersOf(app, marketId)).map((r) => r.status)
      expect(statuses.filter((s) => s === 'REMOVED')).toHaveLength(removed)
      expect(statuses.filter((s) => s === 'WINNER')).toHaveLength(1)
      expect(await replayReport(app)).toMatchObject({ lines, skipped: {}, finished: true })
      await close()
    },
    120_000,
  )

  it("keeps a race's removals, off and close in order and spacing at speed 0", async () => {
    const file = 'BASIC-1.211006011'
    const marketId = '1.211006011'
    const lines = readFileSync(recording(file), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    const closedPt = lines.find((l) => l.mc?.[0]?.marketDefinition?.status === 'CLOSED')?.pt
    const database = await newDatabase()
    const clock = manualClock('2026-12-02T10:00:00Z')
    // The replay starts now: every recorded time moves by the one offset.
    const shift = clock.now() - lines[0].pt
    const { app, close } = await buildTestApp({ database, clock, env: replayEnv(file, '0') })
    await playToSettlement(app, clock, marketId)
    const market = await app.db
      .selectFrom('markets')
      .select(['start_time', 'closed_at'])
      .where('id', '=', marketId)
      .executeTakeFirstOrThrow()
    const removals = await app.db
      .selectFrom('runner_removals')
      .select(['selection_id', 'removed_at'])
      .where('market_id', '=', marketId)
      .orderBy('removed_at')
      .execute()
    expect(market.start_time.getTime()).toBe(Date.parse('2023-03-09T06:45:00.000Z') + shift)
    expect(market.closed_at?.getTime()).toBe(closedPt + shift)
    expect(removals.map((r) => [r.selection_id, r.removed_at.getTime()])).toEqual([
      ['53371643', Date.parse('2023-03-08T20:16:54.000Z') + shift],
      ['44364905', Date.parse('2023-03-08T20:51:23.000Z') + shift],
    ])
    await close()
  }, 60_000)
})
