import { type Kysely, sql } from 'kysely'

/**
 * Indexes the back office's dashboard and reports read by: each starts from the rows of a date
 * range (ledger transactions, bets, fills, casino calls, sign-ups), so each gets its time column
 * indexed; the ledger's by kind first, as every report counts only some kinds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX ledger_transactions_kind_created ON ledger_transactions (book, kind, created_at)`.execute(
    db,
  )
  await sql`CREATE INDEX bet_orders_placed ON bet_orders (placed_at)`.execute(db)
  await sql`CREATE INDEX bet_fills_at ON bet_fills (at)`.execute(db)
  await sql`CREATE INDEX casino_transactions_created ON casino_transactions (created_at)`.execute(
    db,
  )
  await sql`CREATE INDEX users_created ON users (created_at)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'users_created',
    'casino_transactions_created',
    'bet_fills_at',
    'bet_orders_placed',
    'ledger_transactions_kind_created',
  ])
    await sql`DROP INDEX ${sql.id(index)}`.execute(db)
}
