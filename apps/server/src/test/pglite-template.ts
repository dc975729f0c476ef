import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { Kysely } from 'kysely'
import { PGliteDialect } from 'kysely-pglite-dialect'
import type { TestProject } from 'vitest/node'
import { migrateToLatest } from '../db/migrate'
import type { Database } from '../db/schema'

/**
 * Global setup of the PGlite test project: one migrated store, dumped to a file that every
 * in-memory test store starts from. A new PGlite otherwise runs initdb, about 1.5 s of CPU per
 * store, and the suite opens a store in nearly every file.
 */
export default async function setup(project: TestProject) {
  const pg = new PGlite()
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pg) })
  await migrateToLatest(db)
  const dump = await pg.dumpDataDir('none')
  await db.destroy()
  const dir = await mkdtemp(join(tmpdir(), 'backlay-pglite-template-'))
  const file = join(dir, 'migrated.tar')
  await writeFile(file, Buffer.from(await dump.arrayBuffer()))
  project.provide('pgliteTemplate', file)
  return () => rm(dir, { recursive: true, force: true })
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite dump, when the PGlite project's global setup made one. */
    pgliteTemplate?: string
  }
}
