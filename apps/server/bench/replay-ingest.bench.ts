/**
 * How fast FEED=betfair-replay at speed 0 ingests a 100,000-line PRO-style file into the store
 * (read → parse → market cache → catalogue batches written), as a ratio to a bare JSON.parse loop
 * over the same lines in the same run. Goal: at least 0.1×.
 * Run: npm run bench:replay -w apps/server   (set TEST_DATABASE_URL to include PostgreSQL)
 */

import { createReadStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import pino from 'pino'
import { connectDatabase, type DatabaseTarget } from '../src/db/connect'
import { migrateToLatest } from '../src/db/migrate'
import { BetfairReplayAdapter } from '../src/feed/betfair/replay-adapter'
import { FeedService } from '../src/feed/feed-service'
import { withBenchDatabase } from './bench-database'
import { writeProFile } from './betfair-pro-file'

const LINES = 100_000
const GOAL = 0.1
const log = pino({ level: 'silent' })

/** Lines a second of a bare JSON.parse loop over the file. */
async function parseRate(file: string): Promise<number> {
  const started = performance.now()
  let lines = 0
  for await (const line of createInterface({
    input: createReadStream(file),
    crlfDelay: Infinity,
  })) {
    if (line === '') continue
    JSON.parse(line)
    lines += 1
  }
  return lines / ((performance.now() - started) / 1000)
}

/** Lines a second of the replay into a fresh store, from its start to its last batch written. */
async function ingestRate(file: string, target: DatabaseTarget): Promise<number> {
  const db = await connectDatabase(target)
  await migrateToLatest(db)
  let now = Date.parse('2026-12-02T10:00:00Z')
  const adapter = new BetfairReplayAdapter(
    {
      paths: [file],
      speed: 0,
      shift: true,
      lastTradedQuotes: () => ({ spreadTicks: 2, depth: 3, size: 5_000_00 }),
    },
    log,
  )
  const feed = new FeedService(adapter, db, { now: () => now }, log)
  const started = performance.now()
  await feed.start(0)
  while (!adapter.replayReport()?.finished) {
    now += 1_000
    await feed.tick()
  }
  await feed.tick()
  const seconds = (performance.now() - started) / 1000
  const lines = adapter.replayReport()?.lines ?? 0
  await feed.stop()
  await db.destroy()
  return lines / seconds
}

async function report(label: string, file: string, target: DatabaseTarget) {
  const bare = await parseRate(file)
  const ingest = await ingestRate(file, target)
  const ratio = ingest / bare
  console.log(
    `${label}: JSON.parse ${Math.round(bare).toLocaleString('en')} lines/s, ` +
      `replay ingest ${Math.round(ingest).toLocaleString('en')} lines/s, ` +
      `ratio ${ratio.toFixed(3)}× (goal ≥ ${GOAL}×: ${ratio >= GOAL ? 'met' : 'NOT met'})`,
  )
  return ratio >= GOAL
}

const dir = await mkdtemp(join(tmpdir(), 'backlay-replay-bench-'))
const file = join(dir, 'pro-100k.jsonl')
await writeProFile(file, { lines: LINES, markets: 20, runners: 12 })
let met = true
try {
  met = (await report('pglite (memory)', file, { kind: 'pglite', dataDir: null })) && met
  const adminUrl = process.env.TEST_DATABASE_URL
  if (adminUrl) {
    const onPostgres = (url: string) => report('postgresql', file, { kind: 'postgres', url })
    met = (await withBenchDatabase(adminUrl, onPostgres)) && met
  }
} finally {
  await rm(dir, { recursive: true, force: true })
}
if (!met) process.exitCode = 1
