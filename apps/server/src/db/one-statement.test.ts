import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test/test-database'
import { connectDatabase } from './connect'
import {
  insertRowsAsJson,
  rowChunks,
  rowsTable,
  writeAsOneStatement,
  writeAtomically,
} from './one-statement'
import type { Database } from './schema'

describe('writeAsOneStatement', () => {
  let database: TestDatabase
  let db: Awaited<ReturnType<typeof connectDatabase>>
  const count = async (table: string) =>
    (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db))
      .rows[0]?.n

  beforeAll(async () => {
    database = await createTestDatabase()
    db = await connectDatabase(database.target)
    await sql`create table pairs (a int, b int)`.execute(db)
    await sql`create table notes (t text)`.execute(db)
    await sql`create table purses (id text primary key, balance int check (balance >= 0))`.execute(
      db,
    )
    await sql`insert into purses values ('a', 10), ('b', 0)`.execute(db)
    await sql`create table docs (id int, body jsonb, at timestamptz, made timestamptz default now())`.execute(
      db,
    )
  })
  afterAll(async () => {
    await db.destroy()
    await database.drop()
  })

  it('writes to several tables in one statement', async () => {
    await writeAsOneStatement(db, [
      sql`insert into pairs values (1, 2)`,
      sql`insert into notes values (${'one'}), (${'two'})`,
    ])
    expect([await count('pairs'), await count('notes')]).toEqual([1, 2])
  })

  it('splits writes whose bind parameters would pass what one statement can carry', async () => {
    // 8 writes of 10,000 parameters: 80,000 is past PostgreSQL's 65,535 for one statement.
    const rows = Array.from({ length: 5_000 }, (_, i) => sql`(${i}, ${-i})`)
    const writes = Array.from({ length: 8 }, () => sql`insert into pairs values ${sql.join(rows)}`)
    await writeAsOneStatement(db, writes)
    expect(await count('pairs')).toBe(1 + 40_000)
  })

  it('cuts rows into slices one write can carry', () => {
    const slices = rowChunks(Array.from({ length: 1_201 }, (_, i) => i))
    expect(slices.map((s) => s.length)).toEqual([500, 500, 201])
    expect(slices.flat()).toEqual(Array.from({ length: 1_201 }, (_, i) => i))
  })

  it('inserts rows passed as one JSON value: jsonb as values, dates, defaults for the rest', async () => {
    const at = new Date('2026-11-23T10:00:00Z')
    const insert = insertRowsAsJson('docs' as keyof Database, [
      { id: 1, body: { ok: true, list: [1, 2] }, at },
      { id: 2, body: { ok: false }, at },
    ])
    expect(insert.compile(db).parameters).toHaveLength(1)
    await writeAsOneStatement(db, [insert])
    const rows = await sql<{ id: number; body: unknown; at: Date; made: Date | null }>`
      select id, body, at, made from docs order by id`.execute(db)
    expect(rows.rows.map((r) => [r.id, r.body, r.at.toISOString(), r.made !== null])).toEqual([
      [1, { ok: true, list: [1, 2] }, at.toISOString(), true],
      [2, { ok: false }, at.toISOString(), true],
    ])
  })

  it("writes atomically outside a transaction, answering the last write's rows", async () => {
    const before = (await count('notes')) ?? 0
    const move = (change: number) =>
      sql`update purses set balance = balance + ${change}::int where id = 'a' returning id, balance`
    const moved = await writeAtomically(db, [sql`insert into notes values ('moved')`], move(-4))
    expect(moved).toEqual([{ id: 'a', balance: 6 }])
    // The last write breaks the CHECK: the insert before it is not kept either.
    await expect(
      writeAtomically(db, [sql`insert into notes values ('lost')`], move(-7)),
    ).rejects.toThrow()
    expect(await count('notes')).toBe(before + 1)
    expect(await writeAtomically(db, [sql`insert into notes values ('plain')`])).toEqual([])
    expect(await count('notes')).toBe(before + 2)
    // Past what one statement carries, they go in a transaction of their own, still all or none.
    const rows = Array.from({ length: 5_000 }, (_, i) => sql`(${i}, ${-i})`)
    const many = Array.from({ length: 8 }, () => sql`insert into pairs values ${sql.join(rows)}`)
    const pairs = (await count('pairs')) ?? 0
    await expect(writeAtomically(db, many, move(-100))).rejects.toThrow()
    expect(await count('pairs')).toBe(pairs)
    expect(await writeAtomically(db, many, move(-1))).toEqual([{ id: 'a', balance: 5 }])
    expect(await count('pairs')).toBe(pairs + 40_000)
  })

  it('joins rows passed as arrays by the key index, however many rows the table holds', async () => {
    await sql`create table counters (id text primary key, n bigint not null)`.execute(db)
    await sql`insert into counters select 'c' || i, 0 from generate_series(1, 20000) as i`.execute(
      db,
    )
    await sql`analyze counters`.execute(db)
    const changes = [
      { id: 'c7', by: 5 },
      { id: 'c19999', by: -2 },
    ]
    const update = sql`update counters as c set n = c.n + v.by
      from ${rowsTable('v', { id: 'text', by: 'bigint' }, changes)} where c.id = v.id`
    const plan = await sql<{ 'QUERY PLAN': string }>`explain ${update}`.execute(db)
    const lines = plan.rows.map((r) => r['QUERY PLAN']).join('\n')
    expect(lines).toContain('Index Scan using counters_pkey')
    expect(lines).not.toContain('Seq Scan on counters')
    await update.execute(db)
    const changed = await sql<{ id: string; n: string }>`
      select id, n::text from counters where n <> 0 order by id`.execute(db)
    expect(changed.rows).toEqual([
      { id: 'c19999', n: '-2' },
      { id: 'c7', n: '5' },
    ])
  })
})
