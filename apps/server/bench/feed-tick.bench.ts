/**
 * How long one feed tick takes (simulate → write the batch → notify) on each store.
 * Run: npx tsx apps/server/bench/feed-tick.bench.ts   (set TEST_DATABASE_URL to include PostgreSQL)
 */

import pino from 'pino'
import { connectDatabase, type DatabaseTarget } from '../src/db/connect'
import { migrateToLatest } from '../src/db/migrate'
import { FeedService } from '../src/feed/feed-service'
import { createPrng } from '../src/feed/prng'
import { SimulatorAdapter } from '../src/feed/simulator/simulator'
import { withBenchDatabase } from './bench-database'

const TICKS = 300
const log = pino({ level: 'silent' })

async function bench(label: string, target: DatabaseTarget) {
  const db = await connectDatabase(target)
  await migrateToLatest(db)
  let now = Date.parse('2026-11-23T10:00:00Z')
  const feed = new FeedService(
    new SimulatorAdapter('bench', createPrng('bench:walk')),
    db,
    { now: () => now },
    log,
  )
  const started = performance.now()
  const snapshot = await feed.start(0)
  const snapshotMs = performance.now() - started
  const durations: number[] = []
  let markets = 0
  for (let i = 0; i < TICKS; i++) {
    now += 1000
    const t0 = performance.now()
    const update = await feed.tick()
    durations.push(performance.now() - t0)
    markets += update.markets.length
  }
  durations.sort((a, b) => a - b)
  const at = (q: number) => (durations[Math.floor(q * (durations.length - 1))] ?? 0).toFixed(2)
  console.log(
    `${label}: snapshot ${snapshot.markets.length} markets in ${snapshotMs.toFixed(0)} ms; ` +
      `tick p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms; ${(markets / TICKS).toFixed(1)} changed markets/tick`,
  )
  await feed.stop()
  await db.destroy()
}

await bench('pglite (memory)', { kind: 'pglite', dataDir: null })
const adminUrl = process.env.TEST_DATABASE_URL
if (adminUrl)
  await withBenchDatabase(adminUrl, (url) => bench('postgresql', { kind: 'postgres', url }))
