import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely'
import type { Database } from './schema'

const migrationFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')
const MIGRATION_FILE = /^\d{4}-[a-z0-9-]+\.(ts|js)$/

/**
 * Every `NNNN-name.ts` file in `migrations/`, run in name order. Adding a migration is adding a
 * file, so parallel work never edits a shared list. The import happens here (not inside Kysely's
 * FileMigrationProvider) so that tsx and Vitest transform the TypeScript files.
 */
export const folderProvider: MigrationProvider = {
  async getMigrations() {
    const files = (await readdir(migrationFolder)).filter((f) => MIGRATION_FILE.test(f)).sort()
    const migrations: Record<string, Migration> = {}
    for (const file of files) {
      migrations[file.replace(/\.(ts|js)$/, '')] = (await import(
        pathToFileURL(path.join(migrationFolder, file)).href
      )) as Migration
    }
    return migrations
  },
}

/**
 * Applies every pending migration; returns the names applied now. A migration added with a
 * lower number than one already applied (work merged in parallel) still runs: each migration
 * touches its own tables, so the order between such files does not matter.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: folderProvider, allowUnorderedMigrations: true })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
