import { type Kysely, sql } from 'kysely'
import type { Database, MarketKind } from '../schema'

/**
 * Catalogue reads of the event page, the racing pages, search and the stream's images. Closed
 * events and markets are gone for these readers: the client is sent home when nothing is left.
 */
export function matchReadsRepository(db: Kysely<Database>) {
  const eventColumns = [
    'e.id',
    'e.name',
    'e.sport_id',
    'e.start_time',
    'e.status',
    'e.venue',
    'e.country_code',
    'c.id as competition_id',
    'c.name as competition_name',
  ] as const

  return {
    /** The event, open or closed (the scoreboard still answers for a finished match). */
    async findEvent(eventId: string) {
      return db
        .selectFrom('events as e')
        .innerJoin('competitions as c', 'c.id', 'e.competition_id')
        .select(eventColumns)
        .where('e.id', '=', eventId)
        .executeTakeFirst()
    },

    /** The live score a feed sent for the event, if any. */
    async findScore(eventId: string) {
      return db
        .selectFrom('event_scores')
        .selectAll()
        .where('event_id', '=', eventId)
        .executeTakeFirst()
    },

    /** Open markets of an event of the given kinds, in display order. */
    async listOpenMarkets(eventId: string, kinds: readonly MarketKind[]) {
      return db
        .selectFrom('markets')
        .selectAll()
        .where('event_id', '=', eventId)
        .where('kind', 'in', kinds)
        .where('status', '<>', 'CLOSED')
        .orderBy('sort_priority')
        .orderBy('id')
        .execute()
    },

    /** Every market of an event (the scoreboard reads results of closed ones too). */
    async listMarkets(eventId: string) {
      return db
        .selectFrom('markets')
        .selectAll()
        .where('event_id', '=', eventId)
        .orderBy('sort_priority')
        .orderBy('id')
        .execute()
    },

    /** One market with its event's sport, any status (the stream reports a close too). */
    async findMarket(marketId: string) {
      return db
        .selectFrom('markets as m')
        .innerJoin('events as e', 'e.id', 'm.event_id')
        .selectAll('m')
        .select(['e.sport_id'])
        .where('m.id', '=', marketId)
        .executeTakeFirst()
    },

    async listRunners(marketIds: readonly string[]) {
      if (marketIds.length === 0) return []
      return db
        .selectFrom('runners')
        .selectAll()
        .where('market_id', 'in', marketIds)
        .orderBy('market_id')
        .orderBy('sort_priority')
        .execute()
    },

    /** Events whose name contains `text` (any case) with their open main market, live first. */
    async searchOpenEvents(text: string, limit: number) {
      const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      return db
        .selectFrom('events as e')
        .innerJoin('competitions as c', 'c.id', 'e.competition_id')
        .innerJoin('markets as m', (join) =>
          join.onRef('m.event_id', '=', 'e.id').on('m.kind', 'in', ['MATCH_ODDS', 'WIN']),
        )
        .where('e.status', '<>', 'CLOSED')
        .where('m.status', '<>', 'CLOSED')
        .where(sql<boolean>`lower(e.name) like lower(${pattern}) escape '\\'`)
        .select(['e.id', 'e.name', 'e.sport_id', 'c.name as competition_name', 'm.id as market_id'])
        .orderBy('m.inplay', 'desc')
        .orderBy('e.start_time')
        .orderBy('e.id')
        .limit(limit)
        .execute()
    },
  }
}

export type MatchReadsRepository = ReturnType<typeof matchReadsRepository>
