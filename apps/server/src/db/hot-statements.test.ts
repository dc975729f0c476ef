import { type Kysely, sql } from 'kysely'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test/test-database'
import { connectDatabase } from './connect'
import { PREPARE_AFTER, PREPARED_PER_CONNECTION } from './hot-statements'
import type { Database } from './schema'

describe('hot statements', () => {
  let database: TestDatabase
  let db: Kysely<Database>
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await database.drop()
  })
  // One connection (PGlite has only one), so pg_prepared_statements shows what the runs prepared.
  beforeEach(async () => {
    const { target } = database
    db = await connectDatabase(target.kind === 'postgres' ? { ...target, poolSize: 1 } : target)
  })
  afterEach(async () => {
    await db.destroy()
  })

  const prepared = async () =>
    (
      await sql<{ name: string; plans: number }>`
        select name, generic_plans + custom_plans as plans from pg_prepared_statements`.execute(db)
    ).rows

  it('prepares a statement with parameters from its fifth run on, and answers as before', async () => {
    const sums: number[] = []
    for (let run = 1; run <= PREPARE_AFTER + 2; run++) {
      const { rows } = await sql<{ sum: number }>`select ${run}::int + ${10}::int as sum`.execute(
        db,
      )
      sums.push(rows[0]?.sum ?? 0)
      if (run === PREPARE_AFTER - 1) expect(await prepared()).toEqual([])
    }
    expect(sums).toEqual([11, 12, 13, 14, 15, 16, 17])
    // Prepared once on its fifth run, and that statement ran the fifth, sixth and seventh.
    expect(await prepared()).toEqual([{ name: expect.stringMatching(/^backlay_/), plans: 3 }])
  })

  it('runs statements without parameters as they come', async () => {
    for (let run = 0; run < PREPARE_AFTER * 2; run++) await sql`select 1 as one`.execute(db)
    expect(await prepared()).toEqual([])
  })

  it(`keeps at most ${PREPARED_PER_CONNECTION} statements prepared on a connection`, async () => {
    for (let text = 0; text <= PREPARED_PER_CONNECTION; text++)
      for (let run = 0; run < PREPARE_AFTER; run++)
        await sql`select ${sql.raw(String(text))} + ${run}::int as v`.execute(db)
    expect(await prepared()).toHaveLength(PREPARED_PER_CONNECTION)
    const { rows } = await sql<{
      v: number
    }>`select ${sql.raw(String(PREPARED_PER_CONNECTION))} + ${1}::int as v`.execute(db)
    expect(rows).toEqual([{ v: PREPARED_PER_CONNECTION + 1 }])
  })

  const read = (on: Kysely<Database> = db) =>
    sql`select * from hot_table where a = ${1}::int`.execute(on)
  const prepareRead = async () => {
    await sql`drop table if exists hot_table`.execute(db)
    await sql`create table hot_table (a int)`.execute(db)
    await sql`insert into hot_table values (1)`.execute(db)
    for (let run = 0; run < PREPARE_AFTER; run++) expect((await read()).rows).toEqual([{ a: 1 }])
    expect(await prepared()).toHaveLength(1)
    await sql`alter table hot_table add column b int default 2`.execute(db)
  }

  it('runs a statement as it is, at once, when its prepared columns no longer fit the table', async () => {
    await prepareRead()
    expect((await read()).rows).toEqual([{ a: 1, b: 2 }])
    expect((await read()).rows).toEqual([{ a: 1, b: 2 }])
  })

  it('fails a transaction that meets such a statement once, then runs it as it is', async () => {
    await prepareRead()
    await expect(db.transaction().execute((trx) => read(trx))).rejects.toMatchObject({
      code: '0A000',
      message: 'cached plan must not change result type',
    })
    const { rows } = await db.transaction().execute((trx) => read(trx))
    expect(rows).toEqual([{ a: 1, b: 2 }])
  })
})
