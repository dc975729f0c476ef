import type { LogEvent } from 'kysely'
import { describe, expect, it } from 'vitest'
import { OwnWrites } from './own-writes'

/** The log event of a statement the store ran. */
const ran = (sql: string): LogEvent => ({
  level: 'query',
  isStream: false,
  query: { sql, parameters: [], query: { kind: 'RawNode' } as never, queryId: { queryId: sql } },
  queryDurationMillis: 1,
})

/** A watcher of the sessions and users tables, and one reader's kept rows. */
function watched() {
  const writes = new OwnWrites()
  const rows = writes.rows<string, number>(['sessions', 'users'])
  const keepNow = (key: string, value: number) => rows.keep(key, value, rows.since())
  return { writes, rows, keepNow, run: (sql: string) => writes.observe(ran(sql)) }
}

describe('OwnWrites', () => {
  it('keeps rows through reads and writes to other tables', () => {
    const { rows, keepNow, run } = watched()
    keepNow('s1', 1)
    run('select "id" from "sessions" where "id" in ($1)')
    run('insert into "bet_orders" ("id", "user_id") values ($1, $2)')
    run('begin')
    run('update "ledger_accounts" set "balance" = $1')
    run('commit')
    expect(rows.get('s1')).toBe(1)
  })

  it.each([
    'update "sessions" set "revoked_at" = $1 where "id" = $2',
    'insert into "users" ("id") values ($1)',
    'delete from "sessions" where "user_id" = $1',
    'WITH w0 AS (UPDATE users SET locked = true) SELECT 1',
  ])('drops every kept row at %s', (sql) => {
    const { rows, keepNow, run } = watched()
    keepNow('s1', 1)
    run(sql)
    expect(rows.has('s1')).toBe(false)
  })

  it('does not keep a row read while a write happened', () => {
    const { rows, run } = watched()
    const since = rows.since()
    run('update "users" set "locked" = true where "id" = $1')
    rows.keep('s1', 1, since)
    expect(rows.has('s1')).toBe(false)
  })

  it('drops rows read during a transaction with a write at each end until none is open', () => {
    const { rows, keepNow, run } = watched()
    run('begin')
    run('start transaction isolation level serializable')
    run('update "sessions" set "revoked_at" = $1')
    // Other connections still read the row as it was before the write.
    keepNow('s1', 1)
    run('commit')
    expect(rows.has('s1')).toBe(false)
    // The log does not say which transaction wrote: the one still open may be it.
    keepNow('s1', 1)
    run('rollback')
    expect(rows.has('s1')).toBe(false)
    keepNow('s1', 2)
    run('begin')
    run('commit')
    expect(rows.get('s1')).toBe(2)
  })

  it('ends no transaction at a rollback to a savepoint', () => {
    const { rows, keepNow, run } = watched()
    run('begin')
    run('update "sessions" set "revoked_at" = $1')
    run('savepoint sp1')
    run('rollback to savepoint sp1')
    keepNow('s1', 1)
    run('commit')
    expect(rows.has('s1')).toBe(false)
  })

  it('counts a failed write as a change', () => {
    const { rows, keepNow, writes } = watched()
    keepNow('s1', 1)
    writes.observe({
      level: 'error',
      error: new Error('lost'),
      query: ran('update "sessions" set "expires_at" = $1').query,
      queryDurationMillis: 1,
    })
    expect(rows.has('s1')).toBe(false)
  })

  it('drops the rows of the readers whose tables were written, and only theirs', () => {
    const { writes, rows, keepNow, run } = watched()
    const markets = writes.rows<string, string>(['markets'])
    markets.keep('m1', 'row', markets.since())
    keepNow('s1', 1)
    run('update "users" set "locked" = false')
    expect(rows.has('s1')).toBe(false)
    expect(markets.get('m1')).toBe('row')
    run('update "markets" set "status" = $1')
    expect(markets.has('m1')).toBe(false)
  })
})
