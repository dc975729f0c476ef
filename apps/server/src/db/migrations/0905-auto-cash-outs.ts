import { type Kysely, sql } from 'kysely'

/**
 * Players' automatic cash-outs: at most one ACTIVE rule per player and market; a rule ends once
 * (DONE, FAILED or CANCELLED) with what ended it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE auto_cash_outs (
    id text PRIMARY KEY,
    user_id text NOT NULL REFERENCES users(id),
    market_id text NOT NULL REFERENCES markets(id),
    profit_target bigint CHECK (profit_target > 0),
    loss_limit bigint CHECK (loss_limit > 0),
    state text NOT NULL CHECK (state IN ('ACTIVE', 'TRIGGERED', 'DONE', 'FAILED', 'CANCELLED')),
    msg text,
    created_at timestamptz NOT NULL,
    ended_at timestamptz,
    CHECK (profit_target IS NOT NULL OR loss_limit IS NOT NULL)
  )`.execute(db)
  await sql`CREATE UNIQUE INDEX auto_cash_outs_active ON auto_cash_outs (user_id, market_id)
    WHERE state IN ('ACTIVE', 'TRIGGERED')`.execute(db)
  await sql`CREATE INDEX auto_cash_outs_market ON auto_cash_outs (market_id)
    WHERE state = 'ACTIVE'`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE auto_cash_outs`.execute(db)
}
