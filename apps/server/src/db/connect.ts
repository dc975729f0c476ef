import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { Kysely, type LogConfig, PostgresDialect } from 'kysely'
import { PGliteDialect } from 'kysely-pglite-dialect'
import pg from 'pg'
import { HotStatements } from './hot-statements'
import { parseInt8 } from './int8.js'
import { PGliteThread } from './pglite-in-thread'
import type { Database } from './schema'

/** Where the data lives: embedded PGlite (a directory, or memory when null) or a PostgreSQL URL. */
export type DatabaseTarget =
  | {
      kind: 'pglite'
      dataDir: string | null
    }
  | {
      kind: 'postgres'
      url: string /** connections of the pool (10 unless set) */
      poolSize?: number
    }

export function databaseTarget(config: { DATABASE_URL?: string | undefined; DATA_DIR: string }) {
  return config.DATABASE_URL
    ? ({ kind: 'postgres', url: config.DATABASE_URL } as const)
    : ({ kind: 'pglite', dataDir: resolve(config.DATA_DIR, 'pglite') } as const)
}

const INT8_OID = 20

const pools = new WeakMap<Kysely<Database>, pg.Pool>()

/** The connection pool behind a PostgreSQL store; undefined for PGlite. */
export const postgresPool = (db: Kysely<Database>): pg.Pool | undefined => pools.get(db)

/** `log` sees every statement the store runs, transaction begin and commit included. */
export async function connectDatabase(
  target: DatabaseTarget,
  log?: LogConfig,
): Promise<Kysely<Database>> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID
            ? parseInt8
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    })
    // A connection the server drops must not crash the process: an idle one (a restart, a
    // failover) the pool discards, and one in use (a cluster node's transaction ended for
    // idling, see cluster/leases.ts) fails its query, which rolls its change back.
    pool.on('error', () => {})
    const hot = new HotStatements()
    pool.on('connect', (client) => {
      client.on('error', () => {})
      hot.prepareOn(client)
    })
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      ...(log ? { log } : {}),
    })
    pools.set(db, pool)
    return db
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true })
  const thread = await PGliteThread.start(target.dataDir)
  // The dialect calls only `query` and `close`, which the thread answers as PGlite does.
  const dialect = new PGliteDialect(thread as unknown as PGlite)
  return new Kysely<Database>({ dialect, ...(log ? { log } : {}) })
}
