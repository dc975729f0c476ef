import { type Kysely, sql } from 'kysely'

/**
 * The HTTP request that wrote each ledger transaction, the same id its log lines carry, so an
 * operator can go from a log line to the money it moved and back. Older rows stay null, as do
 * rows written by background work (settlement, the market maker, in-play lapses).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE ledger_transactions ADD COLUMN request_id text`.execute(db)
  await sql`CREATE INDEX ledger_transactions_request ON ledger_transactions (request_id) WHERE request_id IS NOT NULL`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE ledger_transactions DROP COLUMN request_id`.execute(db)
}
