import { type Kysely, sql } from 'kysely'

/**
 * Every exchange market of an event, not only its main one: kind ODDS is another market matched
 * on a book (a race's place market, over/under, correct score), `market_type` keeps Betfair's
 * name for it and `number_of_winners` how many selections it pays.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE markets DROP CONSTRAINT markets_kind_check`.execute(db)
  await sql`ALTER TABLE markets ADD CONSTRAINT markets_kind_check
    CHECK (kind IN ('MATCH_ODDS', 'BOOKMAKER', 'SESSION', 'WIN', 'ODDS'))`.execute(db)
  await sql`ALTER TABLE markets ADD COLUMN market_type text`.execute(db)
  await sql`ALTER TABLE markets ADD COLUMN number_of_winners integer NOT NULL DEFAULT 1
    CHECK (number_of_winners >= 1)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE markets DROP COLUMN number_of_winners`.execute(db)
  await sql`ALTER TABLE markets DROP COLUMN market_type`.execute(db)
  await sql`ALTER TABLE markets DROP CONSTRAINT markets_kind_check`.execute(db)
  await sql`ALTER TABLE markets ADD CONSTRAINT markets_kind_check
    CHECK (kind IN ('MATCH_ODDS', 'BOOKMAKER', 'SESSION', 'WIN'))`.execute(db)
}
