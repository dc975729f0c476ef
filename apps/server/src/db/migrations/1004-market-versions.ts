import { type Kysely, sql } from 'kysely'

/**
 * Betfair's market version: it moves whenever the market's definition does (status, in-play,
 * bet delay, a runner's status), so a client's marketVersion can refuse a bet made against what
 * the market was. Triggers keep it for every writer (feed, operators, settlement) alike.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE markets ADD COLUMN version integer NOT NULL DEFAULT 1`.execute(db)
  await sql`
    CREATE FUNCTION bump_market_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.version := OLD.version + 1;
      RETURN NEW;
    END $$`.execute(db)
  await sql`
    CREATE TRIGGER market_definition_moved BEFORE UPDATE ON markets FOR EACH ROW
    WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.inplay IS DISTINCT FROM NEW.inplay
      OR OLD.bet_delay_seconds IS DISTINCT FROM NEW.bet_delay_seconds)
    EXECUTE FUNCTION bump_market_version()`.execute(db)
  await sql`
    CREATE FUNCTION bump_runner_market_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE markets SET version = version + 1 WHERE id = NEW.market_id;
      RETURN NEW;
    END $$`.execute(db)
  await sql`
    CREATE TRIGGER runner_status_moved AFTER UPDATE ON runners FOR EACH ROW
    WHEN (OLD.status IS DISTINCT FROM NEW.status)
    EXECUTE FUNCTION bump_runner_market_version()`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER runner_status_moved ON runners`.execute(db)
  await sql`DROP FUNCTION bump_runner_market_version()`.execute(db)
  await sql`DROP TRIGGER market_definition_moved ON markets`.execute(db)
  await sql`DROP FUNCTION bump_market_version()`.execute(db)
  await sql`ALTER TABLE markets DROP COLUMN version`.execute(db)
}
