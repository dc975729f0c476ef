import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { balanceOf, userCashAccountId } from './ledger/ledger'
import { ledgerTotal, moneyOf, restingBetBeforeInPlay } from './markets/test-support'
import { DEV_PLAYER_FUNDS } from './seed/seed-dev-data'
import { buildTestApp, manualClock } from './test/test-app'
import { createTestDatabase, type TestDatabase } from './test/test-database'

const counts = async (t: Awaited<ReturnType<typeof buildTestApp>>) => {
  const row = await sql<Record<string, number>>`
    select (select count(*) from brands) as brands, (select count(*) from users) as users,
           (select count(*) from ledger_transactions) as transactions, (select count(*) from ledger_entries) as entries,
           (select count(*) from events) as events, (select count(*) from markets) as markets,
           (select count(*) from runners) as runners`.execute(t.app.db)
  return row.rows[0]
}

describe('restarting on the same store', () => {
  let database: TestDatabase
  afterAll(async () => {
    await database?.drop()
  })

  // Three boots of an on-disk store: past 30 s on a loaded two-core machine.
  it('keeps users and ledger, seeds once, and resumes the feed without duplicating events', async () => {
    database = await createTestDatabase()
    const clock = manualClock('2026-11-23T10:00:00Z')

    const first = await buildTestApp({ database, clock })
    const before = await counts(first)
    const demo1 = await first.app.db
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', 'demo1')
      .executeTakeFirstOrThrow()
    // A tennis match finishes while the first process runs.
    clock.advance(4 * 3_600_000)
    await first.app.feed?.tick()
    const closedBefore = await first.app.db
      .selectFrom('markets')
      .select(['id', 'winner_selection_id'])
      .where('status', '=', 'CLOSED')
      .execute()
    await first.close()

    const second = await buildTestApp({ database, clock })
    const after = await counts(second)
    expect(after).toEqual(before)
    expect(before?.users).toBe(3)
    expect(before?.events).toBeGreaterThan(100)
    expect(await balanceOf(second.app.db, userCashAccountId(demo1.id))).toBe(DEV_PLAYER_FUNDS)
    const closedAfter = await second.app.db
      .selectFrom('markets')
      .select(['id', 'winner_selection_id'])
      .where('status', '=', 'CLOSED')
      .execute()
    expect(closedBefore.length).toBeGreaterThan(0)
    expect(closedAfter).toEqual(expect.arrayContaining(closedBefore))
    await second.close()

    // Back a week later: what was open then has finished, and nothing stale stays open.
    clock.advance(7 * 24 * 3_600_000)
    const third = await buildTestApp({ database, clock })
    const stale = await third.app.db
      .selectFrom('events')
      .select('id')
      .where('status', '<>', 'CLOSED')
      .where('start_time', '<', new Date(clock.now() - 2 * 24 * 3_600_000))
      .execute()
    expect(stale).toEqual([])
    await third.close()
  }, 90_000)

  it('lapses the unmatched bets of a market that went in-play while the server was down', async () => {
    const store = await createTestDatabase()
    try {
      const first = await buildTestApp({ database: store })
      const { market, player } = await restingBetBeforeInPlay(first.app)
      expect(await moneyOf(first.app, player.id)).toEqual({ cash: 90_000, exposure: 10_000 })
      // The feed marks the match in-play, and the server stops before it lapses the bet.
      await first.app.db
        .updateTable('markets')
        .set({ inplay: true })
        .where('id', '=', market.id)
        .execute()
      await first.close()

      const second = await buildTestApp({ database: store, env: { FEED: 'off' } })
      try {
        // The start-up job loads the market; it runs after ready, so the test waits for it.
        for (let i = 0; i < 100; i++) {
          if ((await moneyOf(second.app, player.id)).exposure === 0) break
          await new Promise((r) => setTimeout(r, 50))
        }
        expect(await moneyOf(second.app, player.id)).toEqual({ cash: 1_000_00, exposure: 0 })
        const open = await second.app.db
          .selectFrom('bet_orders')
          .select(['remaining', 'cancelled'])
          .where('user_id', '=', player.id)
          .executeTakeFirstOrThrow()
        expect(open).toEqual({ remaining: 0, cancelled: 10_000 })
        expect(await ledgerTotal(second.app)).toBe(0)
      } finally {
        await second.close()
      }
    } finally {
      await store.drop()
    }
  })
})
