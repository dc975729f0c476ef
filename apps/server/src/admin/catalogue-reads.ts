import type { AdminMarket, EventRow, eventsQuery } from '@backlay/contract/admin'
import type { Kysely } from 'kysely'
import type { z } from 'zod'
import type { Database, Market, PriceLevel, Runner } from '../db/schema'
import { selectPage } from '../db/select-page'

/**
 * The console's reads of the sports catalogue: events with their markets, sports with their
 * competitions, and one market in the console's shape. Used by catalogue.ts (whose writes audit
 * a market before and after) and the admin market routes.
 */

/** An event row as the console lists it, with its sport and competition names. */
const EVENT_COLUMNS = [
  'e.id',
  'e.sport_id',
  's.name as sport_name',
  'e.competition_id',
  'c.name as competition_name',
  'e.name',
  'e.start_time',
  'e.status',
] as const

const iso = (d: Date | string) => new Date(d).toISOString()

/** An event as EVENT_COLUMNS read it, with its markets, in the console's shape. */
const eventRow = (
  e: {
    id: string
    sport_id: string
    sport_name: string
    competition_id: string
    competition_name: string
    name: string
    start_time: Date
    status: EventRow['status']
  },
  markets: EventRow['markets'],
): EventRow => ({
  id: e.id,
  sportId: e.sport_id,
  sportName: e.sport_name,
  competitionId: e.competition_id,
  competitionName: e.competition_name,
  name: e.name,
  startTime: iso(e.start_time),
  status: e.status,
  markets,
})
const isSession = (m: Pick<Market, 'kind'>) => m.kind === 'SESSION'
/** Exchange and bookmaker prices are odds×100; a fancy line's `price` is runs (kept as is). */
const levelsOut = (levels: PriceLevel[], session: boolean) =>
  levels.map((l) => ({
    price: session ? l.price : l.price / 100,
    size: session ? l.size : l.size / 100,
  }))

export function toAdminMarket(
  m: Market,
  runners: Runner[],
  event: { name: string; sport_id: string },
): AdminMarket {
  const session = isSession(m)
  return {
    id: m.id,
    eventId: m.event_id,
    eventName: event.name,
    sportId: event.sport_id,
    kind: m.kind,
    name: m.name,
    status: m.status,
    inplay: m.inplay,
    betDelaySeconds: m.bet_delay_seconds,
    minStake: m.min_stake / 100,
    maxStake: m.max_stake / 100,
    maxProfit: m.max_profit / 100,
    winnerSelectionId: m.winner_selection_id,
    resultValue: m.result_value,
    runners: runners
      .filter((r) => r.market_id === m.id)
      .sort((a, b) => a.sort_priority - b.sort_priority)
      .map((r) => ({
        selectionId: r.selection_id,
        name: r.name,
        status: r.status,
        back: levelsOut(r.back, session),
        lay: levelsOut(r.lay, session),
      })),
  }
}

export function catalogueReads(db: Kysely<Database>) {
  async function loadMarket(id: string, trx: Kysely<Database> = db) {
    const market = await trx
      .selectFrom('markets')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst()
    if (!market) return null
    const runners = await trx
      .selectFrom('runners')
      .selectAll()
      .where('market_id', '=', id)
      .execute()
    const event = await trx
      .selectFrom('events')
      .select(['name', 'sport_id'])
      .where('id', '=', market.event_id)
      .executeTakeFirstOrThrow()
    return { market, runners, event }
  }

  const view = async (id: string, trx: Kysely<Database> = db) => {
    const loaded = await loadMarket(id, trx)
    return loaded && toAdminMarket(loaded.market, loaded.runners, loaded.event)
  }

  return {
    view,

    async listEvents(query: z.output<typeof eventsQuery>) {
      let q = db
        .selectFrom('events as e')
        .innerJoin('sports as s', 's.id', 'e.sport_id')
        .innerJoin('competitions as c', 'c.id', 'e.competition_id')
      if (query.sportId) q = q.where('e.sport_id', '=', query.sportId)
      if (query.competitionId) q = q.where('e.competition_id', '=', query.competitionId)
      if (query.status) q = q.where('e.status', '=', query.status)
      if (query.search)
        q = q.where('e.name', 'ilike', `%${query.search.replace(/[%_\\]/g, '\\$&')}%`)
      const { total, rows: events } = await selectPage(q, query, (filtered) =>
        filtered.select(EVENT_COLUMNS).orderBy('e.start_time', 'desc').orderBy('e.id'),
      )
      const markets = events.length
        ? await db
            .selectFrom('markets')
            .select(['id', 'event_id', 'kind', 'name', 'status', 'sort_priority'])
            .where(
              'event_id',
              'in',
              events.map((e) => e.id),
            )
            .orderBy('sort_priority')
            .execute()
        : []
      const list = events.map((e) =>
        eventRow(
          e,
          markets
            .filter((m) => m.event_id === e.id)
            .map((m) => ({ id: m.id, kind: m.kind, name: m.name, status: m.status })),
        ),
      )
      return { total, list }
    },

    async sports() {
      const sports = await db.selectFrom('sports').selectAll().orderBy('sort_order').execute()
      const competitions = await db
        .selectFrom('competitions')
        .select(['id', 'name', 'sport_id'])
        .orderBy('name')
        .execute()
      return sports.map((s) => ({
        id: s.id,
        name: s.name,
        competitions: competitions
          .filter((c) => c.sport_id === s.id)
          .map((c) => ({ id: c.id, name: c.name })),
      }))
    },

    async event(id: string) {
      const found = await this.listEventById(id)
      if (!found) return null
      const details: AdminMarket[] = []
      for (const m of found.markets) {
        const market = await view(m.id)
        if (market) details.push(market)
      }
      return { ...found, marketDetails: details }
    },

    async listEventById(id: string): Promise<EventRow | null> {
      const e = await db
        .selectFrom('events as e')
        .innerJoin('sports as s', 's.id', 'e.sport_id')
        .innerJoin('competitions as c', 'c.id', 'e.competition_id')
        .select(EVENT_COLUMNS)
        .where('e.id', '=', id)
        .executeTakeFirst()
      if (!e) return null
      const markets = await db
        .selectFrom('markets')
        .select(['id', 'kind', 'name', 'status'])
        .where('event_id', '=', id)
        .orderBy('sort_priority')
        .execute()
      return eventRow(e, markets)
    },
  }
}
