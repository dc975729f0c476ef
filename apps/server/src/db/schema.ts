import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'
import type { LedgerBook } from './ledger-book'
import type { AccountTables } from './schema-accounts'
import type { AdminTables, OperatorRole } from './schema-admin'
import type { BonusTables } from './schema-bonus'
import type { CasinoTables } from './schema-casino'
import type { ClusterTables } from './schema-cluster'
import type { ExchangeTables } from './schema-exchange'
import type { TradingApiTables } from './schema-trading-api'

/**
 * Table types for Kysely. Money columns are bigint paise and odds columns integer odds×100;
 * both stores parse int8 into JS numbers (see connect.ts), refusing values beyond 2^53.
 */

type CreatedAt = ColumnType<Date, Date | string | undefined, never>
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>
type Json<T> = ColumnType<T, string, string>

export interface BrandTable {
  id: string
  host: string
  name: string
  is_default: Generated<boolean>
  config: Json<Record<string, unknown>>
  created_at: Generated<CreatedAt>
}

export type UserRole = 'player' | 'operator'

export interface UserTable {
  id: string
  brand_id: string
  role: UserRole
  user_name: string
  name: string
  mobile: string | null
  country_code: string | null
  password_hash: string
  is_demo: Generated<boolean>
  is_b2c: Generated<boolean>
  /** The operator account this player belongs to; null for operators and B2C players. */
  operator_id: string | null
  /** Operators only (migration 0400); players carry null. */
  operator_role: ColumnType<
    OperatorRole | null,
    OperatorRole | null | undefined,
    OperatorRole | null
  >
  settings: Json<Record<string, unknown>>
  locked: Generated<boolean>
  /** The player may use the trading API (migration 1002); the brand's switch is in its config. */
  api_access: Generated<boolean>
  created_at: Generated<CreatedAt>
}

export type { LedgerBook } from './ledger-book'

export interface LedgerAccountTable {
  id: string
  /** What the account holds, e.g. `house.cash`, `user.cash`, `user.exposure`. */
  kind: string
  book: LedgerBook
  owner_user_id: string | null
  /** House accounts may go negative (they issue money); user accounts may not. */
  allow_negative: boolean
  /** Projection of SUM(ledger_entries.amount), updated in the same transaction as the rows. */
  balance: Generated<number>
  created_at: Generated<CreatedAt>
}

export interface LedgerTransactionTable {
  id: string
  kind: string
  book: LedgerBook
  /** Makes a retried posting return the first one instead of posting twice. */
  idempotency_key: string | null
  memo: string | null
  metadata: Json<Record<string, unknown>>
  /** The HTTP request that wrote it (its log lines carry the same id); null where none was passed. */
  request_id: ColumnType<string | null, string | null | undefined, never>
  created_at: Generated<CreatedAt>
}

export interface LedgerEntryTable {
  id: Generated<number>
  transaction_id: string
  account_id: string
  /** Signed paise: positive raises the account's balance. Each transaction's amounts sum to 0. */
  amount: number
  created_at: Generated<CreatedAt>
}

/** One login; its id is the token's `sid`. A revoked session refuses its token (401). */
export interface SessionTable {
  id: string
  user_id: string
  created_at: Generated<CreatedAt>
  expires_at: ColumnType<Date, Date | string, Date | string>
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

export interface SportTable {
  id: string
  name: string
  sort_order: number
}

/** A series (cricket/football/tennis/election) or, for racing, a day's meeting at a venue. */
export interface CompetitionTable {
  id: string
  sport_id: string
  name: string
  country_code: string | null
  updated_at: UpdatedAt
}

export type EventStatus = 'UPCOMING' | 'IN_PLAY' | 'CLOSED'

export interface EventTable {
  id: string
  sport_id: string
  competition_id: string
  name: string
  start_time: ColumnType<Date, Date | string, Date | string>
  status: EventStatus
  venue: string | null
  country_code: string | null
  updated_at: UpdatedAt
}

/**
 * MATCH_ODDS and WIN are an event's main exchange market (a sport's, a race's), ODDS any other
 * market of it matched on a book (migration 1000); bookmaker and session lines are the house's.
 */
export type MarketKind = 'MATCH_ODDS' | 'BOOKMAKER' | 'SESSION' | 'WIN' | 'ODDS'
export type MarketStatus = 'OPEN' | 'SUSPENDED' | 'CLOSED'

export interface MarketTable {
  id: string
  event_id: string
  kind: MarketKind
  name: string
  status: MarketStatus
  inplay: boolean
  start_time: ColumnType<Date, Date | string, Date | string>
  bet_delay_seconds: number
  /** Betfair's market version: moves with the definition (migration 1004's triggers). */
  version: Generated<number>
  min_stake: number
  max_stake: number
  max_profit: number
  sort_priority: number
  /** Set once, when the feed declares the result; a closed market never reopens. */
  winner_selection_id: string | null
  /** A dead heat's other winners (migration 0801); null for a single winner. */
  dead_heat_with: ColumnType<string[] | null, string | null | undefined, string | null>
  /** SESSION result in runs. */
  result_value: number | null
  closed_at: Date | null
  /** Suspended by an operator: the feed cannot reopen it (migration 0402). */
  operator_hold: Generated<boolean>
  /** Betfair's name of a feed market's type (PLACE, OVER_UNDER_25…); null for our own (1000). */
  market_type: ColumnType<string | null, string | null | undefined, string | null>
  /** How many selections the market pays: a race's place market 2 to 4 (migration 1000). */
  number_of_winners: Generated<number>
  updated_at: UpdatedAt
}

export type RunnerStatus = 'ACTIVE' | 'SUSPENDED' | 'WINNER' | 'LOSER' | 'REMOVED'

/** One level of a price ladder side: odds×100 and paise (SESSION: runs and rate, see below). */
export interface PriceLevel {
  price: number
  size: number
}

export interface RacingMetadata {
  clothNumber: number
  jockey: string
  trainer: string
  silks: string
}

/**
 * Quoted prices, best first. For SESSION markets the single runner's `back` is the Yes side
 * `{ price: runs, size: rate }` and `lay` the No side, as fancy odds are quoted.
 */
export interface RunnerTable {
  market_id: string
  selection_id: string
  name: string
  sort_priority: number
  status: RunnerStatus
  back: Json<PriceLevel[]>
  lay: Json<PriceLevel[]>
  traded_volume: number
  metadata: Json<RacingMetadata | null>
  /** The feed's own last traded price, odds×100 (migration 0800); null from the simulator. */
  last_traded_price: ColumnType<number | null, number | null | undefined, number | null>
  updated_at: UpdatedAt
}

/** One side's score as the feed tells it ('152/3 (18.2 ov)'). */
export interface TeamScore {
  name: string
  score: string
}

/** The live score of an event, from a feed that has one (migration 0800). */
export interface EventScoreTable {
  event_id: string
  teams: Json<TeamScore[]>
  status: string | null
  updated_at: ColumnType<Date, Date | string, Date | string>
}

export interface Database
  extends AccountTables,
    AdminTables,
    BonusTables,
    CasinoTables,
    ClusterTables,
    ExchangeTables,
    TradingApiTables {
  brands: BrandTable
  users: UserTable
  ledger_accounts: LedgerAccountTable
  ledger_transactions: LedgerTransactionTable
  ledger_entries: LedgerEntryTable
  sessions: SessionTable
  sports: SportTable
  competitions: CompetitionTable
  events: EventTable
  markets: MarketTable
  runners: RunnerTable
  event_scores: EventScoreTable
}

export type User = Selectable<UserTable>
export type NewUser = Insertable<UserTable>
export type UserUpdate = Updateable<UserTable>
export type Brand = Selectable<BrandTable>
export type LedgerAccount = Selectable<LedgerAccountTable>
export type Event = Selectable<EventTable>
export type Market = Selectable<MarketTable>
export type Runner = Selectable<RunnerTable>
