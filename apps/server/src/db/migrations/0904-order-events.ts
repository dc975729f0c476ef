import { type Kysely, sql } from 'kysely'

/**
 * When and why players' unmatched parts came off the book — cancelled by the player, lapsed at
 * the in-play turn, or cancelled as a non-runner re-formed the market — for a bet's order history.
 * Placement, fills and settlement have their own rows and times already; the market maker's
 * requotes are not recorded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE bet_order_events (
    id bigserial PRIMARY KEY,
    order_id text NOT NULL REFERENCES bet_orders(id),
    kind text NOT NULL CHECK (kind IN ('CANCELLED', 'LAPSED', 'REMOVED')),
    size bigint NOT NULL CHECK (size > 0),
    at timestamptz NOT NULL
  )`.execute(db)
  await sql`CREATE INDEX bet_order_events_order ON bet_order_events (order_id)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE bet_order_events`.execute(db)
}
