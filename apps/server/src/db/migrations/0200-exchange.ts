import { type Kysely, sql } from 'kysely'

/**
 * The exchange's own records: every order (exchange, bookmaker and fancy bets alike), the fills
 * between exchange orders, the exposure each user holds per market, the settlement of each market
 * (its primary key makes settling exactly-once) and the first answer to each idempotent request.
 * Users are referenced by id only: the house market maker places orders without a users row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE bet_orders (
      id text PRIMARY KEY,
      seq bigserial NOT NULL UNIQUE,
      user_id text NOT NULL,
      book text NOT NULL CHECK (book IN ('real', 'demo')),
      market_id text NOT NULL REFERENCES markets(id),
      event_id text NOT NULL,
      market_kind text NOT NULL,
      selection_id text NOT NULL,
      side text NOT NULL CHECK (side IN ('BACK', 'LAY')),
      odds integer NOT NULL,
      line integer,
      stake bigint NOT NULL CHECK (stake > 0),
      matched bigint NOT NULL DEFAULT 0,
      matched_value bigint NOT NULL DEFAULT 0,
      remaining bigint NOT NULL DEFAULT 0,
      cancelled bigint NOT NULL DEFAULT 0,
      status text NOT NULL CHECK (status IN ('OPEN', 'SETTLED')),
      result text CHECK (result IN ('WON', 'LOST', 'VOID')),
      pl bigint,
      placed_at timestamptz NOT NULL,
      settled_at timestamptz,
      CHECK (matched + remaining + cancelled = stake)
    )`.execute(db)
  await sql`CREATE INDEX bet_orders_user ON bet_orders (user_id, placed_at)`.execute(db)
  await sql`CREATE INDEX bet_orders_market ON bet_orders (market_id, seq)`.execute(db)
  await sql`CREATE INDEX bet_orders_resting ON bet_orders (market_id, seq) WHERE remaining > 0`.execute(
    db,
  )

  await sql`
    CREATE TABLE bet_fills (
      id bigserial PRIMARY KEY,
      market_id text NOT NULL REFERENCES markets(id),
      selection_id text NOT NULL,
      odds integer NOT NULL,
      stake bigint NOT NULL CHECK (stake > 0),
      back_order_id text NOT NULL REFERENCES bet_orders(id),
      back_user_id text NOT NULL,
      lay_order_id text NOT NULL REFERENCES bet_orders(id),
      lay_user_id text NOT NULL,
      at timestamptz NOT NULL
    )`.execute(db)
  await sql`CREATE INDEX bet_fills_market ON bet_fills (market_id, id)`.execute(db)

  await sql`
    CREATE TABLE market_exposures (
      user_id text NOT NULL,
      market_id text NOT NULL REFERENCES markets(id),
      book text NOT NULL CHECK (book IN ('real', 'demo')),
      held bigint NOT NULL CHECK (held >= 0),
      PRIMARY KEY (user_id, market_id)
    )`.execute(db)
  await sql`CREATE INDEX market_exposures_market ON market_exposures (market_id)`.execute(db)

  await sql`
    CREATE TABLE market_settlements (
      market_id text PRIMARY KEY REFERENCES markets(id),
      result_kind text NOT NULL CHECK (result_kind IN ('WINNER', 'RUNS', 'VOID')),
      winner_selection_id text,
      result_runs integer,
      actor_id text NOT NULL,
      settled_at timestamptz NOT NULL
    )`.execute(db)

  await sql`
    CREATE TABLE bet_requests (
      user_id text NOT NULL,
      idempotency_key text NOT NULL,
      http_status integer NOT NULL,
      response jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, idempotency_key)
    )`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'bet_requests',
    'market_settlements',
    'market_exposures',
    'bet_fills',
    'bet_orders',
  ]) {
    await sql`DROP TABLE ${sql.table(table)}`.execute(db)
  }
}
