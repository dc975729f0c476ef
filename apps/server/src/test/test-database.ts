import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
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

let dump: Promise<Blob> | undefined
/** The global setup's migrated PGlite dump, read once by each worker; undefined without one. */
function migratedDump(): Promise<Blob> | undefined {
  const file = inject('pgliteTemplate')
  if (file) dump ??= readFile(file).then((bytes) => new Blob([bytes]))
  return dump
}

/**
 * A fresh, empty store for one test file: in-memory PGlite (started from the migrated dump of
 * the project's global setup when there is one), or with `TEST_DB=postgres` a uniquely named
 * database created from `TEST_DATABASE_URL`. Pass `dataDir` to get a PGlite
 * on disk (for restart tests); PostgreSQL databases survive app restarts anyway.
 */
export async function createTestDatabase(opts: { dataDir?: string } = {}): Promise<TestDatabase> {
  if (process.env.TEST_DB !== 'postgres') {
    const template = opts.dataDir ? undefined : migratedDump()
    const target: DatabaseTarget = template
      ? { kind: 'pglite', dataDir: null, loadDataDir: await template }
      : { kind: 'pglite', dataDir: opts.dataDir ?? null }
    return { target, drop: async () => {} }
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
