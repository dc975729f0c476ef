import { type Kysely, type OperationNodeSource, sql } from 'kysely'
import type { Database } from './schema'

/** Rows one write carries, so its bind parameters stay far below PostgreSQL's 65,535. */
const ROWS_PER_WRITE = 500
/** Bind parameters one combined statement may carry. */
const PARAMETERS_PER_STATEMENT = 30_000

/** rows in slices of ROWS_PER_WRITE, for one insert or update each. */
export const rowChunks = <T>(rows: readonly T[]): T[][] => {
  const out: T[][] = []
  for (let i = 0; i < rows.length; i += ROWS_PER_WRITE) out.push(rows.slice(i, i + ROWS_PER_WRITE))
  return out
}

/**
 * Runs several writes as few statements, each write a data-modifying WITH clause, so a
 * transaction that writes to many tables pays one round trip instead of one per table (more
 * only when the bind parameters would pass PARAMETERS_PER_STATEMENT). The writes of one
 * statement all see the store as it was before it: none may change a row another inserts or
 * changes.
 */
export async function writeAsOneStatement(
  db: Kysely<Database>,
  writes: readonly OperationNodeSource[],
): Promise<void> {
  const whole = combined(writes)?.compile(db)
  if (!whole) return
  if (whole.parameters.length <= PARAMETERS_PER_STATEMENT) {
    await db.executeQuery(whole)
    return
  }
  let statement: OperationNodeSource[] = []
  let parameters = 0
  for (const write of writes) {
    const count = sql`${write}`.compile(db).parameters.length
    if (statement.length > 0 && parameters + count > PARAMETERS_PER_STATEMENT) {
      await combined(statement)?.execute(db)
      statement = []
      parameters = 0
    }
    statement.push(write)
    parameters += count
  }
  await combined(statement)?.execute(db)
}

/**
 * Runs `writes`, then `last` if given, all or none, outside any transaction: as one statement
 * (atomic by itself, one round trip), or in a transaction of their own when they would pass
 * PARAMETERS_PER_STATEMENT. Answers the rows `last` returns (a data-modifying statement with
 * RETURNING); none of the writes may change a row another inserts or changes.
 */
export async function writeAtomically<R>(
  db: Kysely<Database>,
  writes: readonly OperationNodeSource[],
  last?: OperationNodeSource,
): Promise<R[]> {
  const all = last ? [...writes, last] : writes
  if (all.length === 0) return []
  const answer = last ? sql`SELECT * FROM ${sql.raw(`w${writes.length}`)}` : sql`SELECT 1`
  const whole = sql<R>`WITH ${clauses(all)} ${answer}`.compile(db)
  if (whole.parameters.length <= PARAMETERS_PER_STATEMENT) {
    const { rows } = await db.executeQuery<R>(whole)
    return last ? rows : []
  }
  return db.transaction().execute(async (trx) => {
    await writeAsOneStatement(trx, writes)
    return last ? (await sql<R>`${last}`.execute(trx)).rows : []
  })
}

/** The writes as one statement; undefined when there are none. */
function combined(writes: readonly OperationNodeSource[]) {
  const [only] = writes
  if (!only) return undefined
  if (writes.length === 1) return sql`${only}`
  return sql`WITH ${clauses(writes)} SELECT 1`
}

/** Each write as a data-modifying WITH clause, named w0, w1, … in order. */
const clauses = (writes: readonly OperationNodeSource[]) =>
  sql.join(writes.map((write, i) => sql`${sql.raw(`w${i}`)} AS (${write})`))

/**
 * An insert of many rows passed as one JSON parameter: the store parses the rows instead of
 * the query builder binding every value (the hot path's rows are mostly that cost). jsonb
 * columns take the value itself, not its JSON text.
 */
export function insertRowsAsJson(
  table: keyof Database & string,
  rows: readonly Record<string, unknown>[],
) {
  const columns = sql.join(Object.keys(rows[0] ?? {}).map((c) => sql.ref(c)))
  return sql`INSERT INTO ${sql.table(table)} (${columns}) SELECT ${columns}
    FROM json_populate_recordset(NULL::${sql.table(table)}, ${JSON.stringify(rows)}::json)`
}

/** The SQL types rowsTable passes a column as. */
type ColumnType = 'text' | 'bigint' | 'integer'

/**
 * `rows` as a table to join in FROM, named `alias`, one array parameter per column. unnest
 * tells the planner how many rows come; json_to_recordset lets it guess 100, so an update of a
 * few orders hash-joined the whole bet_orders table, a scan that grew with every bet stored.
 */
export function rowsTable<C extends string>(
  alias: string,
  columns: Record<C, ColumnType>,
  rows: readonly Record<C, string | number>[],
) {
  const names = Object.keys(columns) as C[]
  const arrays = names.map(
    (name) => sql`${rows.map((row) => row[name])}::${sql.raw(columns[name])}[]`,
  )
  return sql`unnest(${sql.join(arrays)}) AS ${sql.raw(alias)}(${sql.join(names.map((n) => sql.ref(n)))})`
}
