import { Migrator } from 'kysely'
import { describe, expect, it } from 'vitest'
import { connectDatabase } from './connect'
import { folderProvider, migrateToLatest } from './migrate'

describe('migrateToLatest', () => {
  it('applies a migration numbered below ones a data dir already has', async () => {
    const db = await connectDatabase({ kind: 'pglite', dataDir: null })
    try {
      // A data dir migrated before 0101 was merged: everything else is applied already.
      const { '0101-promo-claims': late, ...earlier } = await folderProvider.getMigrations()
      expect(late).toBeDefined()
      await new Migrator({ db, provider: { getMigrations: async () => earlier } }).migrateToLatest()

      expect(await migrateToLatest(db)).toEqual(['0101-promo-claims'])
      expect(await migrateToLatest(db)).toEqual([])
    } finally {
      await db.destroy()
    }
  }, 120_000)
})
