import { type Kysely, sql } from 'kysely'

/**
 * Dead heats: the other winners that share a market's win with `winner_selection_id`, as the
 * feed declared them (on the market) and as the market was settled (on its settlement), so a
 * later correction knows what it reverses. Null for the usual single winner.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE markets ADD COLUMN dead_heat_with jsonb`.execute(db)
  await sql`ALTER TABLE market_settlements ADD COLUMN dead_heat_with jsonb`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE market_settlements DROP COLUMN dead_heat_with`.execute(db)
  await sql`ALTER TABLE markets DROP COLUMN dead_heat_with`.execute(db)
}
