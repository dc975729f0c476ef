import { type Kysely, sql } from 'kysely'

/**
 * Whether an order was placed while its market was in-play. Players' orders lapse when their
 * market turns in-play; one placed in-play has nothing left to lapse at, so a restart that finds
 * the market in-play lapses only the orders placed before (a server stopped between the turn
 * and the lapse).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE bet_orders ADD COLUMN placed_inplay boolean NOT NULL DEFAULT false`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE bet_orders DROP COLUMN placed_inplay`.execute(db)
}
