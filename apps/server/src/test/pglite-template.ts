import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { connectDatabase } from '../db/connect'
import { migrateToLatest } from '../db/migrate'

/**
 * Global setup of the PGlite test project: one migrated store on disk, closed cleanly, whose
 * directory every test store starts as a copy of. A new PGlite otherwise runs initdb, 4–8 s of
 * CPU on this machine, and the suite opens a store in nearly every file; reopening a copied
 * directory also boots faster than unpacking a dump into memory.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'backlay-pglite-template-'))
  const db = await connectDatabase({ kind: 'pglite', dataDir: dir })
  await migrateToLatest(db)
  await db.destroy()
  project.provide('pgliteTemplate', dir)
  return () => rm(dir, { recursive: true, force: true })
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite directory, when the PGlite project's global setup made one. */
    pgliteTemplate?: string
  }
}
