import { type Kysely, sql } from 'kysely'

/**
 * Casino (seamless wallet): launch tokens minted for the games server, every wallet movement the
 * games server asked for (keyed by its transaction id, so a repeat answers the first result), and
 * the rounds those movements belong to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Only the SHA-256 of a token is kept: a leaked table cannot open a game as the player.
  await sql`
    CREATE TABLE casino_launch_tokens (
      token_hash text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users(id),
      game text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      authenticated_at timestamptz
    )`.execute(db)
  await sql`CREATE INDEX casino_launch_tokens_user ON casino_launch_tokens (user_id)`.execute(db)

  await sql`
    CREATE TABLE casino_rounds (
      user_id text NOT NULL REFERENCES users(id),
      game_id text NOT NULL,
      round_id text NOT NULL,
      settled boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, game_id, round_id)
    )`.execute(db)

  // The primary key on transaction_id is what makes concurrent duplicates move money once: the
  // row is inserted in the same database transaction as the ledger rows.
  await sql`
    CREATE TABLE casino_transactions (
      transaction_id text PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('debit', 'credit', 'rollback')),
      user_id text NOT NULL REFERENCES users(id),
      game_id text NOT NULL,
      round_id text NOT NULL,
      amount bigint NOT NULL CHECK (amount >= 0),
      reference_transaction_id text,
      request_fingerprint text NOT NULL,
      balance_after bigint NOT NULL,
      ledger_transaction_id text REFERENCES ledger_transactions(id),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`
    CREATE INDEX casino_transactions_round ON casino_transactions (user_id, game_id, round_id)
  `.execute(db)
  await sql`
    CREATE INDEX casino_transactions_reference ON casino_transactions (reference_transaction_id)
    WHERE reference_transaction_id IS NOT NULL
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE casino_transactions`.execute(db)
  await sql`DROP TABLE casino_rounds`.execute(db)
  await sql`DROP TABLE casino_launch_tokens`.execute(db)
}
