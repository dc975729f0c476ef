import { randomBytes } from 'node:crypto'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Kysely } from 'kysely'
import pg from 'pg'
import { inject } from 'vitest'
import { connectDatabase, type DatabaseTarget } from '../db/connect'
import { migrateToLatest } from '../db/migrate'
import type { Database } from '../db/schema'

export interface TestDatabase {
  target: DatabaseTarget
  /** Removes the database; call once every app using it is closed. */
  drop(): Promise<void>
}

/**
 * A fresh store for one test file: PGlite in a directory of its own (a copy of the
 * migrated store the project's global setup made, when there is one), or with `TEST_DB=postgres` a
 * uniquely named database created from `TEST_DATABASE_URL`. Pass `dataDir` to choose PGlite's
 * directory (an app's DATA_DIR/pglite, or a child process's); the store survives app restarts
 * either way.
 */
export async function createTestDatabase(opts: { dataDir?: string } = {}): Promise<TestDatabase> {
  if (process.env.TEST_DB !== 'postgres') {
    const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'backlay-test-store-')))
    const template = inject('pgliteTemplate')
    if (template) await cp(template, dataDir, { recursive: true })
    return {
      target: { kind: 'pglite', dataDir },
      drop: () => rm(dataDir, { recursive: true, force: true }),
    }
  }
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL')
  const name = `backlay_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    target: { kind: 'postgres', url: url.toString() },
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      } finally {
        await client.end()
      }
    },
  }
}

/** A migrated store without the app, for repository and ledger tests. */
export async function openMigratedTestDatabase(): Promise<{
  db: Kysely<Database>
  close(): Promise<void>
}> {
  const database = await createTestDatabase()
  const db = await connectDatabase(database.target)
  await migrateToLatest(db)
  return {
    db,
    close: async () => {
      await db.destroy()
      await database.drop()
    },
  }
}
