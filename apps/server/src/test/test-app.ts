import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { LogEvent } from 'kysely'
import { type App, buildApp } from '../app'
import type { Clock } from '../clock'
import { type Config, loadConfig } from '../config'
import { createTestDatabase, type TestDatabase } from './test-database'

/** A clock tests move by hand. */
export function manualClock(
  start: number | string | Date,
): Clock & { set(t: number): void; advance(ms: number): void } {
  let now = new Date(start).getTime()
  return {
    now: () => now,
    set: (t) => {
      now = t
    },
    advance: (ms) => {
      now += ms
    },
  }
}

export interface TestAppOptions {
  clock?: Clock
  env?: Record<string, string>
  /** Reuse a store (restart tests); by default each app gets a fresh one, dropped on close. */
  database?: TestDatabase
  /** Runs after the app's own plugins and before ready, e.g. to add a probe route. */
  beforeReady?: (app: App) => Promise<void> | void
  /** Sees every statement the store runs (connect.ts). */
  queryLog?: (event: LogEvent) => void
  /** Gets the server's log lines (info and up, as JSON text) instead of none. */
  logStream?: { write(line: string): void }
}

export interface TestApp {
  app: App
  config: Config
  close(): Promise<void>
}

/**
 * Boots the real app (all plugins, migrations, seed, feed snapshot) against a real store.
 * The feed does not tick on its own (FEED_TICK_MS=0): tests drive it.
 */
export async function buildTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const ownsDatabase = !opts.database
  const database = opts.database ?? (await createTestDatabase())
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'backlay-test-')),
    WEB_DIST: join(tmpdir(), 'backlay-no-web-dist'),
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    FEED_TICK_MS: '0',
    // The suites read sent OTPs from the outbox (the default start keeps none).
    DEV_TOOLS: '1',
    // Every inject comes from 127.0.0.1 and many tests stop the clock: the general limit would
    // count a whole file's calls in one window. The security suite runs with the defaults.
    RATE_LIMIT_PER_ADDRESS: '1000000',
    // A suite that listens gets its Exchange Stream API on a free port.
    BETFAIR_STREAM_PORT: '0',
    ...opts.env,
  })
  const app = await buildApp(config, {
    database: database.target,
    logger: opts.logStream ? { level: 'info', stream: opts.logStream } : false,
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(opts.queryLog ? { queryLog: opts.queryLog } : {}),
  })
  await opts.beforeReady?.(app)
  await app.ready()
  return {
    app,
    config,
    close: async () => {
      await app.close()
      if (ownsDatabase) await database.drop()
    },
  }
}
