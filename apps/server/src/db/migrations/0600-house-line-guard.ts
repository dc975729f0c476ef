import { type Kysely, sql } from 'kysely'

/**
 * Each time the house line guard refused a bookmaker bet whose price beat the exchange for the
 * player (and suspended that runner), for the operator's risk view.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE house_line_guard_events (
      id bigserial PRIMARY KEY,
      market_id text NOT NULL REFERENCES markets (id),
      selection_id text NOT NULL,
      side text NOT NULL CHECK (side IN ('BACK', 'LAY')),
      price integer NOT NULL,
      exchange_price integer NOT NULL,
      at timestamptz NOT NULL
    )`.execute(db)
  await sql`CREATE INDEX house_line_guard_events_market ON house_line_guard_events (market_id, at)`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE house_line_guard_events`.execute(db)
}
