import type {
  ListMarketCatalogueParams,
  MarketCatalogue,
  MarketFilter,
} from '@backlay/contract/betfair-api'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/schema'
import { EXCHANGE_KINDS } from '../markets/market-state'
import { ApingError } from './api-errors'

/*
 * The catalogue reads of Betfair's API over Backlay's own markets: the exchange's markets only
 * (bookmaker and fancy lines are the house's, not exchange markets), with Backlay's ids.
 */

/** Betfair's read limit: a call's markets times its projections' weight stays within 200. */
export const WEIGHT_LIMIT = 200

/** A market as the reads see it, with its event, competition and sport. */
export async function filteredMarkets(
  db: Kysely<Database>,
  filter: MarketFilter,
  userId: string,
  page: { limit?: number; latestFirst?: boolean } = {},
) {
  let query = db
    .selectFrom('markets as m')
    .innerJoin('events as e', 'e.id', 'm.event_id')
    .innerJoin('competitions as c', 'c.id', 'e.competition_id')
    .innerJoin('sports as s', 's.id', 'e.sport_id')
    .select([
      'm.id',
      'm.name',
      'm.kind',
      'm.market_type',
      'm.status',
      'm.inplay',
      'm.start_time',
      'm.bet_delay_seconds',
      'm.number_of_winners',
      'm.updated_at',
      'e.id as event_id',
      'e.name as event_name',
      'e.venue',
      'e.country_code',
      'e.start_time as event_start',
      'c.id as competition_id',
      'c.name as competition_name',
      's.id as sport_id',
      's.name as sport_name',
    ])
    .where('m.kind', 'in', EXCHANGE_KINDS)
    .where('m.status', '<>', 'CLOSED')
  const within = <T>(values: readonly T[] | undefined) => values !== undefined
  if (within(filter.eventTypeIds))
    query = query.where('e.sport_id', 'in', only(filter.eventTypeIds))
  if (within(filter.eventIds)) query = query.where('e.id', 'in', only(filter.eventIds))
  if (within(filter.competitionIds)) query = query.where('c.id', 'in', only(filter.competitionIds))
  if (within(filter.marketIds)) query = query.where('m.id', 'in', only(filter.marketIds))
  if (within(filter.venues)) query = query.where('e.venue', 'in', only(filter.venues))
  if (within(filter.marketCountries))
    query = query.where('e.country_code', 'in', only(filter.marketCountries))
  if (within(filter.marketTypeCodes))
    query = query.where(
      sql<string>`coalesce(m.market_type, m.kind)`,
      'in',
      only(filter.marketTypeCodes),
    )
  if (filter.inPlayOnly) query = query.where('m.inplay', '=', true)
  if (filter.inPlayOnly === false) query = query.where('m.inplay', '=', false)
  // No starting price here, and every market is of betting type ODDS.
  if (filter.bspOnly) query = query.where(sql<boolean>`false`)
  if (within(filter.marketBettingTypes) && !filter.marketBettingTypes?.includes('ODDS'))
    query = query.where(sql<boolean>`false`)
  if (filter.marketStartTime?.from)
    query = query.where('m.start_time', '>=', new Date(filter.marketStartTime.from))
  if (filter.marketStartTime?.to)
    query = query.where('m.start_time', '<=', new Date(filter.marketStartTime.to))
  if (filter.textQuery) {
    const text = `%${filter.textQuery.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    query = query.where((eb) => eb.or([eb('e.name', 'ilike', text), eb('m.name', 'ilike', text)]))
  }
  if (within(filter.withOrders)) {
    const executable = filter.withOrders?.includes('EXECUTABLE')
    const complete = filter.withOrders?.includes('EXECUTION_COMPLETE')
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('bet_orders as o')
          .select('o.id')
          .whereRef('o.market_id', '=', 'm.id')
          .where('o.user_id', '=', userId)
          .where('o.status', '=', 'OPEN')
          .where((eb) =>
            eb.or([
              ...(executable ? [eb('o.remaining', '>', 0)] : []),
              ...(complete ? [eb('o.remaining', '=', 0)] : []),
              ...(!executable && !complete ? [eb.val(false)] : []),
            ]),
          ),
      ),
    )
  }
  query = query
    .orderBy('m.start_time', page.latestFirst ? 'desc' : 'asc')
    .orderBy('m.sort_priority')
    .orderBy('m.id')
  return page.limit === undefined ? query.execute() : query.limit(page.limit).execute()
}
export type FilteredMarket = Awaited<ReturnType<typeof filteredMarkets>>[number]

const only = <T>(values: readonly T[] | undefined): T[] =>
  values && values.length > 0 ? [...values] : ([null] as unknown as T[])

/** The market's type as Betfair names it. */
export const betfairMarketType = (m: Pick<FilteredMarket, 'kind' | 'market_type'>) =>
  m.market_type ?? m.kind

/** Counts markets by a key, keeping the first row of each for its description. */
function countBy<K>(markets: readonly FilteredMarket[], key: (m: FilteredMarket) => K) {
  const counts = new Map<K, { first: FilteredMarket; count: number }>()
  for (const m of markets) {
    const k = key(m)
    const seen = counts.get(k)
    if (seen) seen.count++
    else counts.set(k, { first: m, count: 1 })
  }
  return [...counts.values()]
}

const eventOf = (m: FilteredMarket) => ({
  id: m.event_id,
  name: m.event_name,
  ...(m.country_code ? { countryCode: m.country_code } : {}),
  timezone: 'GMT',
  ...(m.venue ? { venue: m.venue } : {}),
  openDate: m.event_start.toISOString(),
})

export const listEventTypes = (markets: readonly FilteredMarket[]) =>
  countBy(markets, (m) => m.sport_id).map(({ first, count }) => ({
    eventType: { id: first.sport_id, name: first.sport_name },
    marketCount: count,
  }))

export const listCompetitions = (markets: readonly FilteredMarket[]) =>
  countBy(markets, (m) => m.competition_id).map(({ first, count }) => ({
    competition: { id: first.competition_id, name: first.competition_name },
    marketCount: count,
    competitionRegion: first.country_code ?? 'International',
  }))

export const listEvents = (markets: readonly FilteredMarket[]) =>
  countBy(markets, (m) => m.event_id).map(({ first, count }) => ({
    event: eventOf(first),
    marketCount: count,
  }))

export const listMarketTypes = (markets: readonly FilteredMarket[]) =>
  countBy(markets, betfairMarketType).map(({ first, count }) => ({
    marketType: betfairMarketType(first),
    marketCount: count,
  }))

export const listCountries = (markets: readonly FilteredMarket[]) =>
  countBy(
    markets.filter((m) => m.country_code),
    (m) => m.country_code,
  ).map(({ first, count }) => ({ countryCode: first.country_code ?? '', marketCount: count }))

/** Weights of listMarketCatalogue's projections, as Betfair's market data limits give them. */
const CATALOGUE_WEIGHT: Record<string, number> = { MARKET_DESCRIPTION: 1, RUNNER_METADATA: 1 }

export async function listMarketCatalogue(
  db: Kysely<Database>,
  params: ListMarketCatalogueParams,
  userId: string,
): Promise<MarketCatalogue[]> {
  const projection = new Set(params.marketProjection ?? [])
  const weight = [...projection].reduce((sum, p) => sum + (CATALOGUE_WEIGHT[p] ?? 0), 0)
  if (weight * params.maxResults > WEIGHT_LIMIT)
    throw new ApingError(
      'TOO_MUCH_DATA',
      `maxResults × projection weight must be ≤ ${WEIGHT_LIMIT}.`,
    )
  const sorted = await filteredMarkets(db, params.filter, userId, {
    limit: params.maxResults,
    latestFirst: params.sort === 'LAST_TO_START',
  })
  const ids = sorted.map((m) => m.id)
  const runners =
    ids.length === 0
      ? []
      : await db
          .selectFrom('runners')
          .select([
            'market_id',
            'selection_id',
            'name',
            'sort_priority',
            'metadata',
            'traded_volume',
          ])
          .where('market_id', 'in', ids)
          .orderBy('sort_priority')
          .execute()
  return sorted.map((m) => {
    const own = runners.filter((r) => r.market_id === m.id)
    return {
      marketId: m.id,
      marketName: m.name,
      ...(projection.has('MARKET_START_TIME')
        ? { marketStartTime: m.start_time.toISOString() }
        : {}),
      ...(projection.has('MARKET_DESCRIPTION')
        ? {
            description: {
              persistenceEnabled: true,
              bspMarket: false,
              marketTime: m.start_time.toISOString(),
              suspendTime: m.start_time.toISOString(),
              bettingType: 'ODDS' as const,
              turnInPlayEnabled: true,
              marketType: betfairMarketType(m),
              regulator: 'MR_INT',
              marketBaseRate: 2,
              discountAllowed: false,
              wallet: 'UK wallet',
              rules: '',
              rulesHasDate: false,
            },
          }
        : {}),
      totalMatched: own.reduce((sum, r) => sum + r.traded_volume, 0) / 100,
      ...(projection.has('RUNNER_DESCRIPTION') || projection.has('RUNNER_METADATA')
        ? {
            runners: own.map((r) => ({
              selectionId: Number(r.selection_id),
              runnerName: r.name,
              handicap: 0,
              sortPriority: r.sort_priority,
              ...(projection.has('RUNNER_METADATA')
                ? {
                    metadata: {
                      runnerId: r.selection_id,
                      CLOTH_NUMBER: r.metadata ? String(r.metadata.clothNumber) : null,
                      JOCKEY_NAME: r.metadata?.jockey ?? null,
                      TRAINER_NAME: r.metadata?.trainer ?? null,
                      COLOURS_FILENAME: r.metadata?.silks ?? null,
                    },
                  }
                : {}),
            })),
          }
        : {}),
      ...(projection.has('EVENT_TYPE')
        ? { eventType: { id: m.sport_id, name: m.sport_name } }
        : {}),
      ...(projection.has('COMPETITION')
        ? { competition: { id: m.competition_id, name: m.competition_name } }
        : {}),
      ...(projection.has('EVENT') ? { event: eventOf(m) } : {}),
    }
  })
}
