import { type Kysely, sql } from 'kysely'

/**
 * Back office: operator roles (an admin runs everything; an agent manages only the players whose
 * `operator_id` is the agent), the append-only audit log, and responsible-gambling settings.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN operator_role text CHECK (operator_role IN ('admin', 'agent'))`.execute(
    db,
  )
  // Operators created before roles existed ran everything.
  await sql`UPDATE users SET operator_role = 'admin' WHERE role = 'operator'`.execute(db)
  await sql`CREATE INDEX users_operator ON users (operator_id)`.execute(db)

  await sql`
    CREATE TABLE audit_log (
      id bigserial PRIMARY KEY,
      actor_id text NOT NULL REFERENCES users(id),
      action text NOT NULL,
      target_type text NOT NULL,
      target_id text NOT NULL,
      before jsonb,
      after jsonb,
      reason text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`CREATE INDEX audit_log_target ON audit_log (target_type, target_id, id)`.execute(db)
  await sql`CREATE INDEX audit_log_actor ON audit_log (actor_id, id)`.execute(db)
  // The same refusal as the ledger's: what operators did is history, never edited.
  await sql`
    CREATE TRIGGER audit_log_immutable BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change()`.execute(db)

  await sql`
    CREATE TABLE deposit_limits (
      user_id text NOT NULL REFERENCES users(id),
      period text NOT NULL CHECK (period IN ('daily', 'weekly', 'monthly')),
      limit_paise bigint CHECK (limit_paise > 0),
      pending_limit_paise bigint CHECK (pending_limit_paise > 0),
      pending_from timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, period)
    )`.execute(db)

  await sql`
    CREATE TABLE player_exclusions (
      user_id text PRIMARY KEY REFERENCES users(id),
      time_out_until timestamptz,
      self_excluded_until timestamptz,
      self_excluded_permanent boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE player_exclusions`.execute(db)
  await sql`DROP TABLE deposit_limits`.execute(db)
  await sql`DROP TABLE audit_log`.execute(db)
  await sql`DROP INDEX users_operator`.execute(db)
  await sql`ALTER TABLE users DROP COLUMN operator_role`.execute(db)
}
