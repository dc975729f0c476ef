import { type Kysely, sql } from 'kysely'
import { rowChunks } from '../one-statement'
import type {
  Database,
  EventStatus,
  MarketKind,
  MarketStatus,
  PriceLevel,
  RacingMetadata,
  RunnerStatus,
  TeamScore,
} from '../schema'

/**
 * Sports catalogue: sports → competitions → events → markets → runners. Writes are upserts by
 * the feed's deterministic ids, so re-ingesting a snapshot after a restart changes rows in place.
 * A CLOSED market or event is final: later upserts never reopen it or change its result.
 */

export interface SportInput {
  id: string
  name: string
  sortOrder: number
}
export interface CompetitionInput {
  id: string
  sportId: string
  name: string
  countryCode: string | null
}
export interface EventInput {
  id: string
  sportId: string
  competitionId: string
  name: string
  startTime: number
  status: EventStatus
  venue: string | null
  countryCode: string | null
}
export interface MarketInput {
  id: string
  eventId: string
  kind: MarketKind
  name: string
  status: MarketStatus
  inplay: boolean
  startTime: number
  betDelaySeconds: number
  minStake: number
  maxStake: number
  maxProfit: number
  sortPriority: number
  winnerSelectionId: string | null
  /** A dead heat's other winners, or a place market's other placed runners; else empty. */
  deadHeatWith: string[]
  resultValue: number | null
  /** Betfair's name of the market's type, for a feed market. */
  marketType?: string
  /** How many runners it pays: a place market's places; 1 when absent. */
  winners?: number
}
export interface RunnerInput {
  marketId: string
  selectionId: string
  name: string
  sortPriority: number
  status: RunnerStatus
  back: PriceLevel[]
  lay: PriceLevel[]
  tradedVolume: number
  metadata: RacingMetadata | null
  /** The feed's own last traded price, odds×100; null when it has none (the simulator). */
  lastTradedPrice: number | null
  /** A non-runner's reduction factor (basis points) and when it was withdrawn (epoch ms). */
  removal?: { factorBp: number; at: number }
}
export interface EventScoreInput {
  eventId: string
  teams: TeamScore[]
  status: string | null
  /** Feed time (epoch ms) of the score. */
  at: number
}

export function catalogRepository(db: Kysely<Database>) {
  return {
    async upsertSports(rows: readonly SportInput[], trx: Kysely<Database> = db) {
      for (const part of rowChunks(rows)) {
        await trx
          .insertInto('sports')
          .values(part.map((s) => ({ id: s.id, name: s.name, sort_order: s.sortOrder })))
          .onConflict((oc) =>
            oc.column('id').doUpdateSet((eb) => ({
              name: eb.ref('excluded.name'),
              sort_order: eb.ref('excluded.sort_order'),
            })),
          )
          .execute()
      }
    },

    async upsertCompetitions(rows: readonly CompetitionInput[], trx: Kysely<Database> = db) {
      for (const part of rowChunks(rows)) {
        await trx
          .insertInto('competitions')
          .values(
            part.map((c) => ({
              id: c.id,
              sport_id: c.sportId,
              name: c.name,
              country_code: c.countryCode,
              updated_at: new Date(),
            })),
          )
          .onConflict((oc) =>
            oc.column('id').doUpdateSet((eb) => ({
              name: eb.ref('excluded.name'),
              country_code: eb.ref('excluded.country_code'),
            })),
          )
          .execute()
      }
    },

    async upsertEvents(rows: readonly EventInput[], trx: Kysely<Database> = db) {
      for (const part of rowChunks(rows)) {
        await trx
          .insertInto('events')
          .values(
            part.map((e) => ({
              id: e.id,
              sport_id: e.sportId,
              competition_id: e.competitionId,
              name: e.name,
              start_time: new Date(e.startTime),
              status: e.status,
              venue: e.venue,
              country_code: e.countryCode,
              updated_at: new Date(),
            })),
          )
          .onConflict((oc) =>
            oc
              .column('id')
              .doUpdateSet((eb) => ({
                name: eb.ref('excluded.name'),
                start_time: eb.ref('excluded.start_time'),
                status: eb.ref('excluded.status'),
                updated_at: eb.ref('excluded.updated_at'),
              }))
              .where('events.status', '<>', 'CLOSED'),
          )
          .execute()
      }
    },

    /** `at`: the feed's time of the batch, when a market it closes closed. */
    async upsertMarkets(rows: readonly MarketInput[], trx: Kysely<Database> = db, at = Date.now()) {
      for (const part of rowChunks(rows)) {
        await trx
          .insertInto('markets')
          .values(
            part.map((m) => ({
              id: m.id,
              event_id: m.eventId,
              kind: m.kind,
              name: m.name,
              status: m.status,
              inplay: m.inplay,
              start_time: new Date(m.startTime),
              bet_delay_seconds: m.betDelaySeconds,
              min_stake: m.minStake,
              max_stake: m.maxStake,
              max_profit: m.maxProfit,
              sort_priority: m.sortPriority,
              winner_selection_id: m.winnerSelectionId,
              dead_heat_with: m.deadHeatWith.length > 0 ? JSON.stringify(m.deadHeatWith) : null,
              result_value: m.resultValue,
              market_type: m.marketType ?? null,
              number_of_winners: m.winners ?? 1,
              closed_at: m.status === 'CLOSED' ? new Date(at) : null,
              updated_at: new Date(),
            })),
          )
          .onConflict((oc) =>
            oc
              .column('id')
              .doUpdateSet((eb) => ({
                name: eb.ref('excluded.name'),
                status: eb.ref('excluded.status'),
                inplay: eb.ref('excluded.inplay'),
                start_time: eb.ref('excluded.start_time'),
                winner_selection_id: eb.ref('excluded.winner_selection_id'),
                dead_heat_with: eb.ref('excluded.dead_heat_with'),
                result_value: eb.ref('excluded.result_value'),
                closed_at: eb.ref('excluded.closed_at'),
                updated_at: eb.ref('excluded.updated_at'),
              }))
              .where('markets.status', '<>', 'CLOSED'),
          )
          .execute()
      }
    },

    /**
     * Runners of a closed market keep their final state (WINNER/LOSER) whatever arrives later;
     * those of `closingIds`, the markets this same batch closes, are written with it.
     */
    async upsertRunners(
      rows: readonly RunnerInput[],
      trx: Kysely<Database> = db,
      closingIds: readonly string[] = [],
    ) {
      for (const part of rowChunks(rows)) {
        await trx
          .insertInto('runners')
          .values(
            part.map((r) => ({
              market_id: r.marketId,
              selection_id: r.selectionId,
              name: r.name,
              sort_priority: r.sortPriority,
              status: r.status,
              back: JSON.stringify(r.back),
              lay: JSON.stringify(r.lay),
              traded_volume: r.tradedVolume,
              metadata: JSON.stringify(r.metadata),
              last_traded_price: r.lastTradedPrice,
              updated_at: new Date(),
            })),
          )
          .onConflict((oc) =>
            oc
              .columns(['market_id', 'selection_id'])
              .doUpdateSet((eb) => ({
                name: eb.ref('excluded.name'),
                status: eb.ref('excluded.status'),
                back: eb.ref('excluded.back'),
                lay: eb.ref('excluded.lay'),
                traded_volume: eb.ref('excluded.traded_volume'),
                metadata: eb.ref('excluded.metadata'),
                last_traded_price: eb.ref('excluded.last_traded_price'),
                updated_at: eb.ref('excluded.updated_at'),
              }))
              .where(({ exists, selectFrom }) =>
                exists(
                  selectFrom('markets')
                    .select(sql.lit(1).as('one'))
                    .whereRef('markets.id', '=', 'runners.market_id')
                    .where((eb) =>
                      closingIds.length === 0
                        ? eb('markets.status', '<>', 'CLOSED')
                        : eb.or([
                            eb('markets.status', '<>', 'CLOSED'),
                            eb('markets.id', 'in', closingIds),
                          ]),
                    ),
                ),
              ),
          )
          .execute()
      }
      // The first announcement of a withdrawal is the one the exchange applies (non-runner.ts).
      const removals = rows.flatMap((r) =>
        r.removal
          ? [
              {
                market_id: r.marketId,
                selection_id: r.selectionId,
                reduction_factor_bp: r.removal.factorBp,
                removed_at: new Date(r.removal.at),
              },
            ]
          : [],
      )
      for (const part of rowChunks(removals)) {
        await trx
          .insertInto('runner_removals')
          .values(part)
          .onConflict((oc) => oc.columns(['market_id', 'selection_id']).doNothing())
          .execute()
      }
    },

    /** Open (not CLOSED) events of a sport or a competition with their main market, live first. */
    async listOpenEventsWithMainMarket(
      filter: { sportId?: string; competitionId?: string },
      trx: Kysely<Database> = db,
    ) {
      let query = trx
        .selectFrom('events as e')
        .innerJoin('competitions as c', 'c.id', 'e.competition_id')
        .innerJoin('markets as m', (join) =>
          join.onRef('m.event_id', '=', 'e.id').on('m.kind', 'in', ['MATCH_ODDS', 'WIN']),
        )
        .where('e.status', '<>', 'CLOSED')
        .where('m.status', '<>', 'CLOSED')
        .select([
          'e.id as event_id',
          'e.name as event_name',
          'e.sport_id',
          'e.start_time',
          'e.venue',
          'e.country_code',
          'c.id as competition_id',
          'c.name as competition_name',
          'm.id as market_id',
          'm.name as market_name',
          'm.kind',
          'm.status',
          'm.inplay',
          'm.start_time as market_start_time',
          sql<boolean>`exists (select 1 from markets b where b.event_id = e.id and b.kind = 'BOOKMAKER' and b.status <> 'CLOSED')`.as(
            'has_bookmaker',
          ),
          sql<boolean>`exists (select 1 from markets s where s.event_id = e.id and s.kind = 'SESSION' and s.status <> 'CLOSED')`.as(
            'has_fancy',
          ),
        ])
        .orderBy('m.inplay', 'desc')
        .orderBy('e.start_time', 'asc')
        .orderBy('e.id', 'asc')
      if (filter.sportId !== undefined) query = query.where('e.sport_id', '=', filter.sportId)
      if (filter.competitionId !== undefined)
        query = query.where('e.competition_id', '=', filter.competitionId)
      return query.execute()
    },

    async listRunners(marketIds: readonly string[], trx: Kysely<Database> = db) {
      if (marketIds.length === 0) return []
      return trx
        .selectFrom('runners')
        .selectAll()
        .where('market_id', 'in', marketIds)
        .orderBy('market_id')
        .orderBy('sort_priority')
        .execute()
    },

    /** Markets among `ids` an operator has suspended (migration 0402). */
    /** Live scores; a closed event's score is final. */
    async upsertScores(rows: readonly EventScoreInput[], trx: Kysely<Database> = db) {
      for (const part of rowChunks(rows)) {
        await trx
          .insertInto('event_scores')
          .values(
            part.map((r) => ({
              event_id: r.eventId,
              teams: JSON.stringify(r.teams),
              status: r.status,
              updated_at: new Date(r.at),
            })),
          )
          .onConflict((oc) =>
            oc
              .column('event_id')
              .doUpdateSet((eb) => ({
                teams: eb.ref('excluded.teams'),
                status: eb.ref('excluded.status'),
                updated_at: eb.ref('excluded.updated_at'),
              }))
              // The final score of a finished event stays as it was (a replay of old files).
              .where(({ not, exists, selectFrom }) =>
                not(
                  exists(
                    selectFrom('events')
                      .select(sql.lit(1).as('one'))
                      .whereRef('events.id', '=', 'event_scores.event_id')
                      .where('events.status', '=', 'CLOSED'),
                  ),
                ),
              ),
          )
          .execute()
      }
    },

    /** Of these markets: those an operator holds, and those already closed (for good). */
    async listSettledStates(ids: readonly string[], trx: Kysely<Database> = db) {
      const held = new Set<string>()
      const closed = new Set<string>()
      if (ids.length === 0) return { held, closed }
      const rows = await trx
        .selectFrom('markets')
        .select(['id', 'operator_hold', 'status'])
        .where('id', 'in', ids)
        .where((eb) => eb.or([eb('operator_hold', '=', true), eb('status', '=', 'CLOSED')]))
        .execute()
      for (const r of rows) {
        if (r.status === 'CLOSED') closed.add(r.id)
        else held.add(r.id)
      }
      return { held, closed }
    },

    async listOpenEventIds(trx: Kysely<Database> = db): Promise<string[]> {
      const rows = await trx
        .selectFrom('events')
        .select('id')
        .where('status', '<>', 'CLOSED')
        .execute()
      return rows.map((r) => r.id)
    },

    async listSports(trx: Kysely<Database> = db) {
      return trx.selectFrom('sports').selectAll().orderBy('sort_order').execute()
    },

    async countEvents(trx: Kysely<Database> = db) {
      const row = await trx
        .selectFrom('events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      return row.n
    },
  }
}

export type CatalogRepository = ReturnType<typeof catalogRepository>
