import { type Kysely, sql } from 'kysely'

/** Brands, users, the double-entry ledger and the sports catalogue (sports → events → markets → runners). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE brands (
      id text PRIMARY KEY,
      host text NOT NULL UNIQUE,
      name text NOT NULL,
      is_default boolean NOT NULL DEFAULT false,
      config jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  // At most one default brand: the one served to unknown hosts.
  await sql`CREATE UNIQUE INDEX brands_one_default ON brands (is_default) WHERE is_default`.execute(
    db,
  )

  await sql`
    CREATE TABLE users (
      id text PRIMARY KEY,
      brand_id text NOT NULL REFERENCES brands(id),
      role text NOT NULL CHECK (role IN ('player', 'operator')),
      user_name text NOT NULL,
      name text NOT NULL,
      mobile text,
      country_code text,
      password_hash text NOT NULL,
      is_demo boolean NOT NULL DEFAULT false,
      is_b2c boolean NOT NULL DEFAULT false,
      operator_id text REFERENCES users(id),
      settings jsonb NOT NULL DEFAULT '{}'::jsonb,
      locked boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  // User ids are case-insensitive per brand, as players type them.
  await sql`CREATE UNIQUE INDEX users_brand_user_name ON users (brand_id, lower(user_name))`.execute(
    db,
  )
  await sql`CREATE UNIQUE INDEX users_brand_mobile ON users (brand_id, country_code, mobile) WHERE mobile IS NOT NULL`.execute(
    db,
  )

  await sql`
    CREATE TABLE ledger_accounts (
      id text PRIMARY KEY,
      kind text NOT NULL,
      book text NOT NULL CHECK (book IN ('real', 'demo')),
      owner_user_id text REFERENCES users(id),
      allow_negative boolean NOT NULL DEFAULT false,
      balance bigint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (allow_negative OR balance >= 0)
    )`.execute(db)
  await sql`CREATE INDEX ledger_accounts_owner ON ledger_accounts (owner_user_id)`.execute(db)

  await sql`
    CREATE TABLE ledger_transactions (
      id text PRIMARY KEY,
      kind text NOT NULL,
      book text NOT NULL CHECK (book IN ('real', 'demo')),
      idempotency_key text UNIQUE,
      memo text,
      metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)

  await sql`
    CREATE TABLE ledger_entries (
      id bigserial PRIMARY KEY,
      transaction_id text NOT NULL REFERENCES ledger_transactions(id),
      account_id text NOT NULL REFERENCES ledger_accounts(id),
      amount bigint NOT NULL CHECK (amount <> 0),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`CREATE INDEX ledger_entries_account ON ledger_entries (account_id, id)`.execute(db)
  await sql`CREATE INDEX ledger_entries_transaction ON ledger_entries (transaction_id)`.execute(db)

  // Ledger history is append-only: corrections are new reversing transactions, never edits.
  await sql`
    CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'ledger rows are immutable (% on %)', TG_OP, TG_TABLE_NAME;
    END
    $$`.execute(db)
  await sql`
    CREATE TRIGGER ledger_entries_immutable BEFORE UPDATE OR DELETE ON ledger_entries
    FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change()`.execute(db)
  await sql`
    CREATE TRIGGER ledger_transactions_immutable BEFORE UPDATE OR DELETE ON ledger_transactions
    FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change()`.execute(db)

  await sql`
    CREATE TABLE sports (
      id text PRIMARY KEY,
      name text NOT NULL,
      sort_order integer NOT NULL
    )`.execute(db)

  await sql`
    CREATE TABLE competitions (
      id text PRIMARY KEY,
      sport_id text NOT NULL REFERENCES sports(id),
      name text NOT NULL,
      country_code text,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)

  await sql`
    CREATE TABLE events (
      id text PRIMARY KEY,
      sport_id text NOT NULL REFERENCES sports(id),
      competition_id text NOT NULL REFERENCES competitions(id),
      name text NOT NULL,
      start_time timestamptz NOT NULL,
      status text NOT NULL CHECK (status IN ('UPCOMING', 'IN_PLAY', 'CLOSED')),
      venue text,
      country_code text,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`CREATE INDEX events_sport_status ON events (sport_id, status, start_time)`.execute(db)
  await sql`CREATE INDEX events_competition ON events (competition_id)`.execute(db)

  await sql`
    CREATE TABLE markets (
      id text PRIMARY KEY,
      event_id text NOT NULL REFERENCES events(id),
      kind text NOT NULL CHECK (kind IN ('MATCH_ODDS', 'BOOKMAKER', 'SESSION', 'WIN')),
      name text NOT NULL,
      status text NOT NULL CHECK (status IN ('OPEN', 'SUSPENDED', 'CLOSED')),
      inplay boolean NOT NULL DEFAULT false,
      start_time timestamptz NOT NULL,
      bet_delay_seconds integer NOT NULL,
      min_stake bigint NOT NULL,
      max_stake bigint NOT NULL,
      max_profit bigint NOT NULL,
      sort_priority integer NOT NULL DEFAULT 0,
      winner_selection_id text,
      result_value integer,
      closed_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`CREATE INDEX markets_event ON markets (event_id)`.execute(db)

  await sql`
    CREATE TABLE runners (
      market_id text NOT NULL REFERENCES markets(id),
      selection_id text NOT NULL,
      name text NOT NULL,
      sort_priority integer NOT NULL,
      status text NOT NULL CHECK (status IN ('ACTIVE', 'SUSPENDED', 'WINNER', 'LOSER', 'REMOVED')),
      back jsonb NOT NULL DEFAULT '[]'::jsonb,
      lay jsonb NOT NULL DEFAULT '[]'::jsonb,
      traded_volume bigint NOT NULL DEFAULT 0,
      metadata jsonb,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (market_id, selection_id)
    )`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'runners',
    'markets',
    'events',
    'competitions',
    'sports',
    'ledger_entries',
    'ledger_transactions',
    'ledger_accounts',
    'users',
    'brands',
  ]) {
    await sql`DROP TABLE ${sql.table(table)}`.execute(db)
  }
  await sql`DROP FUNCTION ledger_refuse_change()`.execute(db)
}
