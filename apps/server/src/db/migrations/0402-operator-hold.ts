import { type Kysely, sql } from 'kysely'

/**
 * An operator's suspension outlives the feed: while `operator_hold` is set, every feed batch
 * keeps the market SUSPENDED (a result still closes it) until the operator resumes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE markets ADD COLUMN operator_hold boolean NOT NULL DEFAULT false`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE markets DROP COLUMN operator_hold`.execute(db)
}
