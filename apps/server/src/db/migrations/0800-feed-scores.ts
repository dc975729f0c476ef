import { type Kysely, sql } from 'kysely'

/**
 * What a real feed knows beyond prices: each runner's last traded price there (Betfair's, beside
 * our own matching), and the live score of an event (Betfair's cricket messages), which the
 * match centre shows. No foreign key: a score may name an event whose markets we do not carry.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE runners ADD COLUMN last_traded_price integer`.execute(db)
  await sql`
    CREATE TABLE event_scores (
      event_id text PRIMARY KEY,
      teams jsonb NOT NULL,
      status text,
      updated_at timestamptz NOT NULL
    )`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE event_scores`.execute(db)
  await sql`ALTER TABLE runners DROP COLUMN last_traded_price`.execute(db)
}
