import { type Kysely, sql } from 'kysely'

/** A player's trading API (Betfair-compatible) switch; the brand's is in its config. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN api_access boolean NOT NULL DEFAULT true`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN api_access`.execute(db)
}
