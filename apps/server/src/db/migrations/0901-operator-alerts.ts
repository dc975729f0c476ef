import { type Kysely, sql } from 'kysely'

/**
 * Alerts an operator sets up (a condition and a threshold, for a brand or all) and the times a
 * condition held: one open firing per rule and subject, closed when the condition clears, with
 * the time its webhook was told.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE alert_rules (
      id text PRIMARY KEY,
      kind text NOT NULL,
      threshold double precision NOT NULL CHECK (threshold > 0),
      brand_id text REFERENCES brands (id),
      webhook_url text,
      active boolean NOT NULL DEFAULT true,
      created_by text NOT NULL REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`
    CREATE TABLE alert_firings (
      id bigserial PRIMARY KEY,
      rule_id text NOT NULL REFERENCES alert_rules (id),
      subject text NOT NULL,
      message text NOT NULL,
      since timestamptz NOT NULL,
      cleared_at timestamptz,
      notified_at timestamptz
    )`.execute(db)
  await sql`CREATE UNIQUE INDEX alert_firings_open ON alert_firings (rule_id, subject) WHERE cleared_at IS NULL`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE alert_firings`.execute(db)
  await sql`DROP TABLE alert_rules`.execute(db)
}
