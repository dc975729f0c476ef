import type { LogEvent } from 'kysely'

/** Rows one reader keeps at most; past it, it starts again from empty. */
const KEPT_ROWS_LIMIT = 20_000

/** Statements that cannot change a row, and the ends of transactions. */
const READ_ONLY = /^\s*(select|show|explain)\b/i
const BEGINS = /^\s*(begin|start\s+transaction)\b/i
// Whole statements only: 'rollback to savepoint …' ends no transaction.
const ENDS = /^\s*(commit|rollback|end)\s*;?\s*$/i

/** Rows one reader keeps (OwnWrites.rows). */
export interface KeptRows<K, V> {
  has(key: K): boolean
  get(key: K): V | undefined
  /** The rows' version now: pass it to `keep` with what a read begun now answers. */
  since(): number
  /** Keeps a row read since `since`, unless its tables changed meanwhile. */
  keep(key: K, value: V, since: number): void
}

/** One reader's rows and the tables they come from. */
class Kept<K, V> implements KeptRows<K, V> {
  private readonly rows = new Map<K, V>()
  private version = 0

  constructor(readonly tables: RegExp) {}

  has = (key: K) => this.rows.has(key)
  get = (key: K) => this.rows.get(key)
  since = () => this.version

  keep = (key: K, value: V, since: number) => {
    if (since !== this.version) return
    if (this.rows.size >= KEPT_ROWS_LIMIT) this.rows.clear()
    this.rows.set(key, value)
  }

  changed() {
    this.version++
    this.rows.clear()
  }
}

/**
 * What a process that is its store's only writer (PGlite, or PostgreSQL claimed alone) knows of
 * the store's changes: it sees each statement it runs (the store's query log), so a reader may
 * keep the rows it read (see batchedReader) until a statement writes to their tables, and a
 * logout, a lock or an exclusion still applies to the very next call: the write that makes it
 * drops the kept rows before its caller goes on.
 *
 * A write inside a transaction is seen before the transaction commits, while other connections
 * still read the old row, and the log does not say which transaction ends when: so from such a
 * write until no transaction is open, each transaction's end drops the rows again. Any statement
 * naming a table that is not a plain read counts as a write to it; over-counting costs a read.
 */
export class OwnWrites {
  private readonly readers: Kept<unknown, unknown>[] = []
  private openTransactions = 0
  /** Readers whose tables were written inside a transaction that may not have ended yet. */
  private readonly unsettled = new Set<Kept<unknown, unknown>>()

  /** Rows for one reader, dropped whenever one of `tables` changes. */
  rows<K, V>(tables: readonly string[]): KeptRows<K, V> {
    const kept = new Kept<K, V>(new RegExp(`\\b(${tables.join('|')})\\b`, 'i'))
    this.readers.push(kept as Kept<unknown, unknown>)
    return kept
  }

  /** Takes every statement the store ran, failed ones included (Kysely's `log`). */
  observe(event: LogEvent): void {
    const { sql } = event.query
    if (BEGINS.test(sql)) {
      this.openTransactions++
      return
    }
    if (ENDS.test(sql)) {
      this.openTransactions = Math.max(0, this.openTransactions - 1)
      for (const kept of this.unsettled) kept.changed()
      if (this.openTransactions === 0) this.unsettled.clear()
      return
    }
    if (READ_ONLY.test(sql)) return
    for (const kept of this.readers) {
      if (!kept.tables.test(sql)) continue
      kept.changed()
      if (this.openTransactions > 0) this.unsettled.add(kept)
    }
  }
}
