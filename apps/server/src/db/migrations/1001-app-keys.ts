import { type Kysely, sql } from 'kysely'

/**
 * The trading API (Betfair-compatible): a player's application keys, and the customerRefs of
 * their placeOrders calls, which de-duplicate a resubmitted call.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE app_keys (
    app_key text PRIMARY KEY,
    user_id text NOT NULL REFERENCES users(id),
    created_at timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz,
    revoked_at timestamptz
  )`.execute(db)
  await sql`CREATE INDEX app_keys_user ON app_keys (user_id)`.execute(db)
  await sql`CREATE TABLE api_customer_refs (
    user_id text NOT NULL REFERENCES users(id),
    customer_ref text NOT NULL,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (user_id, customer_ref)
  )`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE api_customer_refs`.execute(db)
  await sql`DROP TABLE app_keys`.execute(db)
}
