import { type Kysely, sql } from 'kysely'

/**
 * Non-runners: each withdrawal as the feed announced it (the runner's reduction factor and when
 * it went), applied once by the exchange (`applied_at`). A fill on a non-runner is `voided`; a
 * fill on another runner keeps the price it matched at in `matched_odds` while `odds` carries the
 * price cut by the reduction factors, which positions, cash-out and settlement use.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE runner_removals (
    market_id text NOT NULL,
    selection_id text NOT NULL,
    reduction_factor_bp integer NOT NULL CHECK (reduction_factor_bp BETWEEN 0 AND 10000),
    removed_at timestamptz NOT NULL,
    applied_at timestamptz,
    PRIMARY KEY (market_id, selection_id),
    FOREIGN KEY (market_id, selection_id) REFERENCES runners (market_id, selection_id)
  )`.execute(db)
  await sql`CREATE INDEX runner_removals_pending ON runner_removals (market_id)
    WHERE applied_at IS NULL`.execute(db)
  await sql`ALTER TABLE bet_fills ADD COLUMN voided boolean NOT NULL DEFAULT false`.execute(db)
  await sql`ALTER TABLE bet_fills ADD COLUMN matched_odds integer`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE bet_fills DROP COLUMN matched_odds`.execute(db)
  await sql`ALTER TABLE bet_fills DROP COLUMN voided`.execute(db)
  await sql`DROP TABLE runner_removals`.execute(db)
}
