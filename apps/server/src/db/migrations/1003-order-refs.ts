import { type Kysely, sql } from 'kysely'

/** The trading API's customerOrderRef and customerStrategyRef, kept on the bet they placed. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE bet_orders ADD COLUMN customer_order_ref text`.execute(db)
  await sql`ALTER TABLE bet_orders ADD COLUMN customer_strategy_ref text`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE bet_orders DROP COLUMN customer_strategy_ref`.execute(db)
  await sql`ALTER TABLE bet_orders DROP COLUMN customer_order_ref`.execute(db)
}
