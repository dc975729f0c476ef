import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type App, buildApp } from '../app'
import { type Config, loadConfig } from '../config'
import { createTestDatabase, type TestDatabase } from '../test/test-database'

export interface DefaultStartApp {
  app: App
  config: Config
  /** Starts the same install again (same DATA_DIR and store) after closing this one. */
  restart(): Promise<DefaultStartApp>
  close(): Promise<void>
}

/**
 * The app exactly as `npm start` configures it (no NODE_ENV, no DEV_TOOLS, no secrets, the
 * default limits and feed), listening on a loopback port, with its store on disk under DATA_DIR
 * (or a fresh PostgreSQL database in the PostgreSQL project). `env` adds settings for the tests
 * that are about a setting.
 */
export async function startAsDefault(env: Record<string, string> = {}): Promise<DefaultStartApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'backlay-security-'))
  const store = await createTestDatabase({ dataDir: join(dataDir, 'pglite') })
  return boot({ DATA_DIR: dataDir, ...env }, store)
}

async function boot(env: Record<string, string>, store: TestDatabase): Promise<DefaultStartApp> {
  const config = loadConfig({
    WEB_DIST: join(tmpdir(), 'backlay-no-web-dist'),
    LOG_LEVEL: 'silent',
    // Suites start several at once: each stream on a free port, not the default 8443.
    BETFAIR_STREAM_PORT: '0',
    ...env,
  })
  const app = await buildApp(config, { database: store.target, logger: false })
  await app.listen({ port: 0, host: '127.0.0.1' })
  return {
    app,
    config,
    restart: async () => {
      await app.close()
      return boot(env, store)
    },
    close: async () => {
      await app.close()
      await store.drop()
    },
  }
}
