import { type Kysely, sql } from 'kysely'

/**
 * Nonces of signed casino-wallet calls seen in the last minute. Kept in the store, not in memory,
 * so a captured call replayed after a restart, or to another server process, is still refused.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE casino_wallet_nonces (
      nonce text PRIMARY KEY,
      seen_at timestamptz NOT NULL
    )`.execute(db)
  await sql`CREATE INDEX casino_wallet_nonces_seen_at ON casino_wallet_nonces (seen_at)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE casino_wallet_nonces`.execute(db)
}
