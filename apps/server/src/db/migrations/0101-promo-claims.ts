import { type Kysely, sql } from 'kysely'

/** Promo codes a player applied (account/{id}/promotions/promo-code); each once per player. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE promo_claims (
      user_id text NOT NULL REFERENCES users(id),
      promotion_id text NOT NULL REFERENCES promotions(id),
      claimed_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, promotion_id)
    )`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE promo_claims`.execute(db)
}
