import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectDatabase } from './connect'
import { PGliteThread } from './pglite-in-thread'

describe('the embedded store in its own thread', () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'backlay-pglite-thread-'))
  })
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it('leaves the event loop free while a statement runs', async () => {
    const db = await connectDatabase({ kind: 'pglite', dataDir: null })
    let longestGap = 0
    let last = performance.now()
    const ticks = setInterval(() => {
      const now = performance.now()
      longestGap = Math.max(longestGap, now - last)
      last = now
    }, 10)
    try {
      const started = performance.now()
      await sql`select pg_sleep(0.6)`.execute(db)
      expect(performance.now() - started).toBeGreaterThanOrEqual(600)
      // On the event loop the statement would hold every timer back for all of its 600 ms.
      expect(longestGap).toBeLessThan(300)
    } finally {
      clearInterval(ticks)
      await db.destroy()
    }
  })

  it("answers a failed statement with its error's fields, and goes on", async () => {
    const db = await connectDatabase({ kind: 'pglite', dataDir: null })
    try {
      await sql`create table t (k int8 primary key)`.execute(db)
      await sql`insert into t values (9007199254740991)`.execute(db)
      const failed = await sql`insert into t values (9007199254740991)`.execute(db).catch((e) => e)
      expect(failed).toBeInstanceOf(Error)
      expect(failed).toMatchObject({
        message: 'duplicate key value violates unique constraint "t_pkey"',
        code: '23505',
        constraint: 't_pkey',
      })
      // int8 arrives as an exact number, parsed in the store's thread.
      expect((await sql<{ k: number }>`select k from t`.execute(db)).rows).toEqual([
        { k: 9007199254740991 },
      ])
    } finally {
      await db.destroy()
    }
  })

  it('keeps what it wrote when closed, for the next start', async () => {
    const first = await connectDatabase({ kind: 'pglite', dataDir })
    await sql`create table kept (v text)`.execute(first)
    await sql`insert into kept values ('written')`.execute(first)
    await first.destroy()

    const second = await connectDatabase({ kind: 'pglite', dataDir })
    try {
      expect((await sql`select v from kept`.execute(second)).rows).toEqual([{ v: 'written' }])
    } finally {
      await second.destroy()
    }
  })

  it('refuses statements once closed, with a readable error', async () => {
    const thread = await PGliteThread.start(null)
    await thread.close()
    await expect(thread.query('select 1')).rejects.toThrow(/the store's thread ended/)
  })
})
