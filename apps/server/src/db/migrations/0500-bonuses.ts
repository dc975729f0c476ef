import { type Kysely, sql } from 'kysely'

/**
 * Bonuses awarded to players (contract bonus.ts). The money itself sits in the ledger, in the
 * player's bonus wallet account; this row holds what the ledger cannot: name, kind, wagering
 * target and progress, status and expiry. Amounts in paise.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE bonuses (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users(id),
      name text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('DEPOSIT_MATCH', 'FREE_BET', 'CASHBACK', 'REFERRAL')),
      wallet_type text NOT NULL CHECK (wallet_type IN ('sports_bonus', 'casino_bonus')),
      amount bigint NOT NULL CHECK (amount > 0),
      wagering_required bigint NOT NULL CHECK (wagering_required >= 0),
      wagering_completed bigint NOT NULL DEFAULT 0 CHECK (wagering_completed >= 0),
      status text NOT NULL DEFAULT 'ACTIVE'
        CHECK (status IN ('ACTIVE', 'COMPLETED', 'EXPIRED', 'FORFEITED')),
      awarded_at timestamptz NOT NULL,
      expires_at timestamptz
    )`.execute(db)
  await sql`CREATE INDEX bonuses_user ON bonuses (user_id, awarded_at)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE bonuses`.execute(db)
}
