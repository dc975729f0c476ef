import { fileURLToPath } from 'node:url'
import { saveBetResponse } from '@backlay/contract/bets'
import { sql } from 'kysely'
import { afterAll, describe, expect, it, vi } from 'vitest'
import type { App } from '../../app'
import { call, ledgerTotal, moneyOf, newPlayer } from '../../markets/test-support'
import { buildTestApp, manualClock } from '../../test/test-app'
import { createTestDatabase, type TestDatabase } from '../../test/test-database'

const SAMPLE = fileURLToPath(new URL('../../../feed-samples/betfair-sample.jsonl', import.meta.url))
const RACE = '1.900000001'
const MATCH = '1.900000002'

/** What the store says happened: the rows a second replay must leave exactly as they are. */
async function history(app: App) {
  const ids = [RACE, MATCH]
  return {
    events: await app.db
      .selectFrom('events')
      .select(['id', 'status', 'start_time', 'name', 'updated_at'])
      .where('id', 'in', [RACE, '35000002'])
      .orderBy('id')
      .execute(),
    markets: await app.db
      .selectFrom('markets')
      .select([
        'id',
        'status',
        'inplay',
        'winner_selection_id',
        'closed_at',
        'start_time',
        'updated_at',
      ])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute(),
    runners: await app.db
      .selectFrom('runners')
      .select(['market_id', 'selection_id', 'status', 'traded_volume', 'updated_at'])
      .where('market_id', 'in', ids)
      .orderBy('market_id')
      .orderBy('selection_id')
      .execute(),
    orders: await app.db
      .selectFrom('bet_orders')
      .selectAll()
      .where('market_id', 'in', ids)
      .orderBy('id')
      .execute(),
    scores: await app.db.selectFrom('event_scores').selectAll().orderBy('event_id').execute(),
    settlements: await app.db
      .selectFrom('market_settlements')
      .selectAll()
      .where('market_id', 'in', ids)
      .orderBy('market_id')
      .execute(),
    ledger: await app.db
      .selectFrom('ledger_entries')
      .select([
        sql<number>`count(*)::int`.as('rows'),
        sql<number>`sum(abs(amount))::bigint`.as('moved'),
      ])
      .executeTakeFirstOrThrow(),
  }
}

/** Ticks the feed `seconds` times a second, a recorded minute each at speed 60. */
async function play(app: App, clock: ReturnType<typeof manualClock>, seconds: number) {
  for (let i = 0; i < seconds; i++) {
    clock.advance(1_000)
    await app.feed?.tick()
  }
  await app.marketJobs.idle()
  await app.exchange.idle()
}

describe('FEED=betfair-replay', () => {
  let database: TestDatabase
  afterAll(async () => {
    await database?.drop()
  })

  it('opens the recorded markets, turns them in-play, settles them once, and a second replay changes nothing', async () => {
    database = await createTestDatabase()
    const clock = manualClock('2026-11-25T10:00:00Z')
    const env = { FEED: 'betfair-replay', FEED_REPLAY_FILES: SAMPLE, FEED_REPLAY_SPEED: '60' }
    const first = await buildTestApp({ database, clock, env })
    const app = first.app

    const race = await app.db
      .selectFrom('markets')
      .selectAll()
      .where('id', '=', RACE)
      .executeTakeFirstOrThrow()
    // Shifted so the recording starts now: the race is 10 recorded minutes away.
    expect(race).toMatchObject({ kind: 'WIN', name: '2m Hcap', status: 'OPEN', inplay: false })
    expect(race.start_time.getTime()).toBe(clock.now() + 10 * 60_000)
    const horses = await app.db
      .selectFrom('runners')
      .select(['selection_id', 'name', 'back', 'lay'])
      .where('market_id', '=', RACE)
      .orderBy('sort_priority')
      .execute()
    expect(horses.map((h) => [h.selection_id, h.name])).toEqual([
      ['10001', 'Silver Comet'],
      ['10002', 'Monsoon Lad'],
      ['10003', 'Desert Pearl'],
      ['10004', 'Kings Ransom'],
    ])
    expect(horses[0]?.back[0]).toEqual({ price: 250, size: 12050 })
    expect(horses[0]?.lay[0]).toEqual({ price: 254, size: 8000 })

    await app.db
      .updateTable('markets')
      .set({ bet_delay_seconds: 0 })
      .where('id', 'in', [RACE, MATCH])
      .execute()
    const player = await newPlayer(app, { rupees: 1_000 })
    const india = await call(app, player.token, 'POST', 'bet/saveBet', {
      is_back: 1,
      market_id: MATCH,
      odds: 1.8,
      selection_id: '20001',
      stack: 100,
    })
    expect(saveBetResponse.parse(india.body).data.status).toBe('MATCHED')
    const resting = await call(app, player.token, 'POST', 'bet/saveBet', {
      is_back: 1,
      market_id: RACE,
      odds: 50,
      selection_id: '10004',
      stack: 100,
    })
    expect(saveBetResponse.parse(resting.body).data.status).toBe('UNMATCHED')
    expect(await moneyOf(app, player.id)).toEqual({ cash: 800_00, exposure: 200_00 })

    // Ten recorded minutes on, the race is off: the resting back lapses and frees its ₹100.
    await play(app, clock, 11)
    expect(
      await app.db
        .selectFrom('markets')
        .select(['status', 'inplay'])
        .where('id', '=', RACE)
        .executeTakeFirst(),
    ).toEqual({ status: 'OPEN', inplay: true })
    await vi.waitFor(
      async () => expect(await moneyOf(app, player.id)).toEqual({ cash: 900_00, exposure: 100_00 }),
      {
        timeout: 10_000,
        interval: 50,
      },
    )

    // The cricket messages of the recording fill the match centre; Betfair's trades sit beside ours.
    const centre = await call(app, null, 'GET', 'match-center/stats/4/35000002')
    expect(centre.body.data).toMatchObject({
      teams: [
        { name: 'India', score: '88/2 (9.1 ov)' },
        { name: 'Australia', score: '' },
      ],
      summary: 'India batting',
    })
    expect((centre.body.data as { facts: unknown[] }).facts).toEqual(
      expect.arrayContaining([
        // Ours: the player's ₹100 back; Betfair's own volume is beside it, not in it.
        { label: 'Matched', value: '100' },
        { label: 'Betfair matched', value: '22,900' },
        { label: 'Betfair last traded', value: 'India 1.72 · Australia 2.4' },
      ]),
    )

    await play(app, clock, 10)
    await vi.waitFor(
      async () => {
        const settled = await app.db
          .selectFrom('market_settlements')
          .select('market_id')
          .where('market_id', 'in', [RACE, MATCH])
          .execute()
        expect(settled).toHaveLength(2)
      },
      { timeout: 20_000, interval: 50 },
    )
    await app.marketJobs.idle()
    await app.exchange.idle()
    const closed = await app.db
      .selectFrom('markets')
      .select(['id', 'status', 'winner_selection_id'])
      .where('id', 'in', [RACE, MATCH])
      .orderBy('id')
      .execute()
    expect(closed).toEqual([
      { id: RACE, status: 'CLOSED', winner_selection_id: '10001' },
      { id: MATCH, status: 'CLOSED', winner_selection_id: '20001' },
    ])
    const orders = await app.db
      .selectFrom('bet_orders')
      .select(['market_id', 'status', 'matched', 'remaining', 'cancelled'])
      .where('user_id', '=', player.id)
      .orderBy('market_id')
      .execute()
    // The resting back lapsed when the race went in-play; the matched back on India won.
    expect(orders.map((o) => [o.market_id, o.status, o.matched, o.remaining, o.cancelled])).toEqual(
      [
        [RACE, 'SETTLED', 0, 0, 100_00],
        [MATCH, 'SETTLED', 100_00, 0, 0],
      ],
    )
    const money = await moneyOf(app, player.id)
    expect(money.exposure).toBe(0)
    expect(money.cash).toBeGreaterThan(1_000_00)
    expect(await ledgerTotal(app)).toBe(0)
    const before = await history(app)
    await first.close()

    clock.advance(24 * 3_600_000)
    const second = await buildTestApp({ database, clock, env })
    const replayed: string[] = []
    second.app.feed?.subscribe((update) => replayed.push(...update.events.map((e) => e.id)))
    await play(second.app, clock, 21)
    // The whole recording played again, and not a row of what happened changed. A race's event is
    // its meeting's markets off at one time.
    const raceEvent = await second.app.db
      .selectFrom('markets')
      .select('event_id')
      .where('id', '=', RACE)
      .executeTakeFirstOrThrow()
    expect(raceEvent.event_id).toMatch(/^35000001\.\d+$/)
    expect(new Set(replayed)).toEqual(new Set([raceEvent.event_id, '35000002']))
    expect(await history(second.app)).toEqual(before)
    await second.close()
  }, 120_000)
})
