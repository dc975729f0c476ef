import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test/test-database'
import { connectDatabase } from './connect'
import { selectPage } from './select-page'

/** A fresh database and its migrations take minutes when the machine is busy (a CI run's peak). */
const BOOT_TIMEOUT_MS = 180_000

describe('selectPage', () => {
  let database: TestDatabase
  let db: Awaited<ReturnType<typeof connectDatabase>>
  const numbers = () => db.withTables<{ numbers: { n: number } }>().selectFrom('numbers')
  const byN = <Q extends ReturnType<typeof numbers>>(q: Q) => q.select('n').orderBy('n')

  beforeAll(async () => {
    database = await createTestDatabase()
    db = await connectDatabase(database.target)
    await sql`create table numbers (n int primary key)`.execute(db)
    await sql`insert into numbers select generate_series(1, 5)`.execute(db)
  }, BOOT_TIMEOUT_MS)
  afterAll(async () => {
    await db.destroy()
    await database.drop()
  })

  it('counts the whole filtered list as a number and fetches the asked page', async () => {
    expect(await selectPage(numbers(), { page: 2, limit: 2 }, byN)).toEqual({
      total: 5,
      rows: [{ n: 3 }, { n: 4 }],
    })
  })

  it('gives a short last page and an empty page past the end, with the same total', async () => {
    expect(await selectPage(numbers(), { page: 3, limit: 2 }, byN)).toEqual({
      total: 5,
      rows: [{ n: 5 }],
    })
    expect(await selectPage(numbers(), { page: 4, limit: 2 }, byN)).toEqual({ total: 5, rows: [] })
  })

  it('counts only the rows the filter keeps', async () => {
    const even = numbers().where(sql<boolean>`n % 2 = 0`)
    expect(await selectPage(even, { page: 1, limit: 10 }, byN)).toEqual({
      total: 2,
      rows: [{ n: 2 }, { n: 4 }],
    })
  })
})
