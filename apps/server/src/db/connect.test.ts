import type { LogEvent } from 'kysely'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test/test-database'
import { connectDatabase } from './connect'

describe('connectDatabase', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await database.drop()
  })

  it('shows its log every statement it runs, transaction begin and commit included', async () => {
    const seen: LogEvent[] = []
    const db = await connectDatabase(database.target, (event) => {
      seen.push(event)
    })
    try {
      await db.transaction().execute(async (trx) => {
        await sql`select 1 as one`.execute(trx)
      })
      expect(seen.map((e) => [e.level, e.query.sql])).toEqual([
        ['query', 'begin'],
        ['query', 'select 1 as one'],
        ['query', 'commit'],
      ])
      expect(seen.every((e) => e.queryDurationMillis >= 0)).toBe(true)
    } finally {
      await db.destroy()
    }
  })
})
