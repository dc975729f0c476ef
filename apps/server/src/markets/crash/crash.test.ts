import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { connectDatabase } from '../../db/connect'
import { createTestDatabase, type TestDatabase } from '../../test/test-database'

interface ChildInfo {
  port: number
  players: { id: string; token: string }[]
  markets: { id: string; kind: string; runners: { id: string; back: number; lay: number }[] }[]
}

const here = dirname(fileURLToPath(import.meta.url))
const serverDir = join(here, '../../..')
/** Each round kills the server mid-load; the next start recovers what the last one left. */
const ROUNDS = 2

function startChild(database: TestDatabase, dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'crash-child.ts')], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      JWT_SECRET: 'crash-test-secret-crash-test-secret-0123',
      FEED_TICK_MS: '0',
      BETFAIR_STREAM_PORT: '0',
      ...(database.target.kind === 'postgres' ? { DATABASE_URL: database.target.url } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const info = new Promise<ChildInfo>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })
    lines.once('line', (line) => resolve(JSON.parse(line) as ChildInfo))
    child.once('exit', (code) => reject(new Error(`child exited early (${code})`)))
  })
  return { child, info }
}

/** Kills the server; fails at once if it had already died on its own, which the test must report. */
const killed = (child: ChildProcess) =>
  new Promise<void>((resolve, reject) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      reject(new Error(`the server exited on its own (${child.exitCode ?? child.signalCode})`))
      return
    }
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })

/** Keeps `workers` bets in flight until stopped; returns the acknowledged bet ids. */
async function betLoad(info: ChildInfo, stop: { now: boolean }, workers = 6) {
  const acked: string[] = []
  const worker = async () => {
    while (!stop.now) {
      const player = info.players[Math.floor(Math.random() * info.players.length)]
      const market = info.markets[Math.floor(Math.random() * info.markets.length)]
      const runner = market?.runners[Math.floor(Math.random() * (market?.runners.length ?? 1))]
      if (!player || !market || !runner) return
      const back = Math.random() < 0.5
      const matchable = market.kind === 'BOOKMAKER' || Math.random() < 0.6
      const odds = matchable ? (back ? runner.back : runner.lay) / 100 : back ? 1000 : 1.01
      try {
        const res = await fetch(`http://127.0.0.1:${info.port}/api/v1/bet/saveBet`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${player.token}`,
            'idempotency-key': randomUUID(),
          },
          body: JSON.stringify({
            is_back: back ? 1 : 0,
            market_id: market.id,
            odds,
            selection_id: runner.id,
            stack: 100 + Math.floor(Math.random() * 400),
          }),
        })
        const body = (await res.json()) as { status: boolean; data?: { bet_id: string } }
        if (res.status === 200 && body.data) acked.push(body.data.bet_id)
      } catch {
        return
      }
    }
  }
  await Promise.all(Array.from({ length: workers }, worker))
  return acked
}

describe('crash safety', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'backlay-crash-'))
  // On PGlite the store is the one the child opens under its DATA_DIR.
  const database = createTestDatabase({ dataDir: join(dataDir, 'pglite') })
  afterAll(async () => (await database).drop())

  it('SIGKILL during placement and settlement loses no acknowledged bet and leaves the books balanced', async () => {
    const acked: string[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const { child, info } = startChild(await database, dataDir)
      const started = await info
      const stop = { now: false }
      const load = betLoad(started, stop)
      await new Promise((r) => setTimeout(r, 1_500 + Math.random() * 2_500))
      await killed(child)
      stop.now = true
      acked.push(...(await load))
    }
    expect(acked.length).toBeGreaterThan(0)

    // A last start must rebuild every book from what the crashes left, then stop cleanly.
    const last = startChild(await database, dataDir)
    await last.info
    await killed(last.child)

    const db = await connectDatabase((await database).target)
    try {
      const stored = new Set(
        (await db.selectFrom('bet_orders').select('id').execute()).map((r) => r.id),
      )
      expect(acked.filter((id) => !stored.has(id))).toEqual([])

      const total = await db
        .selectFrom('ledger_entries')
        .select(sql<number>`coalesce(sum(amount), 0)::bigint`.as('sum'))
        .executeTakeFirstOrThrow()
      expect(total.sum).toBe(0)
      const unbalanced = await sql<{ id: string }>`
        SELECT transaction_id AS id FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0`.execute(
        db,
      )
      expect(unbalanced.rows).toEqual([])
      const drifted = await sql<{ id: string }>`
        SELECT a.id FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
        GROUP BY a.id, a.balance HAVING a.balance <> coalesce(sum(e.amount), 0)`.execute(db)
      expect(drifted.rows).toEqual([])

      // Held exposure per user is exactly what the open markets say they hold.
      const heldGap = await sql<{ user_id: string }>`
        SELECT a.owner_user_id AS user_id FROM ledger_accounts a
        LEFT JOIN (SELECT user_id, book, sum(held) AS held FROM market_exposures GROUP BY user_id, book) x
          ON x.user_id = coalesce(a.owner_user_id, 'market-maker') AND x.book = a.book
        WHERE a.kind = 'user.exposure' AND a.balance <> coalesce(x.held, 0)`.execute(db)
      expect(heldGap.rows).toEqual([])

      // Every fill is booked on both orders.
      const fillGap = await sql<{ id: string }>`
        SELECT o.id FROM bet_orders o
        LEFT JOIN (
          SELECT back_order_id AS id, sum(stake) AS s FROM bet_fills GROUP BY back_order_id
          UNION ALL SELECT lay_order_id, sum(stake) FROM bet_fills GROUP BY lay_order_id
        ) f ON f.id = o.id
        WHERE o.market_kind IN ('MATCH_ODDS', 'WIN')
        GROUP BY o.id, o.matched HAVING o.matched <> coalesce(sum(f.s), 0)`.execute(db)
      expect(fillGap.rows).toEqual([])

      // Settled exactly once: a settlement row ⇔ no open bets, and at most one posting per book.
      const settled = await db.selectFrom('market_settlements').select('market_id').execute()
      const settledIds = new Set(settled.map((s) => s.market_id))
      const openInSettled = await db
        .selectFrom('bet_orders')
        .select('market_id')
        .where('status', '=', 'OPEN')
        .execute()
      expect(openInSettled.filter((o) => settledIds.has(o.market_id))).toEqual([])
      const settledWithout = await db
        .selectFrom('bet_orders')
        .select('market_id')
        .where('status', '=', 'SETTLED')
        .execute()
      expect(settledWithout.filter((o) => !settledIds.has(o.market_id))).toEqual([])
      const postings = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM ledger_transactions WHERE kind = 'bet.settlement'
        GROUP BY metadata->>'marketId', book HAVING count(*) > 1`.execute(db)
      expect(postings.rows).toEqual([])
    } finally {
      await db.destroy()
    }
  }, 300_000)
})
