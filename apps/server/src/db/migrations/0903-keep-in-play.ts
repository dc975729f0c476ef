import { type Kysely, sql } from 'kysely'

/** A player's exchange order kept through the in-play turn rather than lapsing (betting's "keep"). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE bet_orders ADD COLUMN keep_inplay boolean NOT NULL DEFAULT false`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE bet_orders DROP COLUMN keep_inplay`.execute(db)
}
