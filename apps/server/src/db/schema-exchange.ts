import type { ColumnType, Generated } from 'kysely'
import type { LedgerBook } from './ledger-book'

type Timestamp = ColumnType<Date, Date | string, Date | string>

export type OrderSide = 'BACK' | 'LAY'

/**
 * One bet as placed. `stake` (backer's stake, paise) splits into matched + remaining (resting on
 * the book) + cancelled. `odds` is odds×100, except fancy bets where it is the rate in percent and
 * `line` the runs. `matched_value` is Σ fill stake × fill odds, so the average price is exact.
 */
export interface BetOrderTable {
  id: string
  seq: Generated<number>
  user_id: string
  book: LedgerBook
  market_id: string
  event_id: string
  market_kind: string
  selection_id: string
  side: OrderSide
  odds: number
  line: number | null
  stake: number
  matched: number
  matched_value: number
  remaining: number
  cancelled: number
  status: 'OPEN' | 'SETTLED'
  result: 'WON' | 'LOST' | 'VOID' | null
  pl: number | null
  placed_at: Timestamp
  /** Placed while the market was in-play, so it never lapses (migration 0501). */
  placed_inplay: Generated<boolean>
  /** The player chose to keep it through the in-play turn (migration 0903). */
  keep_inplay: Generated<boolean>
  /** The trading API caller's references for the bet (migration 1003). */
  customer_order_ref: ColumnType<string | null, string | null | undefined, string | null>
  customer_strategy_ref: ColumnType<string | null, string | null | undefined, string | null>
  settled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

export interface BetFillTable {
  id: Generated<number>
  market_id: string
  selection_id: string
  odds: number
  stake: number
  back_order_id: string
  back_user_id: string
  lay_order_id: string
  lay_user_id: string
  at: Timestamp
  /** On a non-runner: both bets are void (migration 0902). */
  voided: Generated<boolean>
  /** The price as matched when non-runners have cut `odds` since; null while uncut. */
  matched_odds: ColumnType<number | null, number | null | undefined, number | null>
}

/** An unmatched part off the book and why (migration 0904). */
export interface BetOrderEventTable {
  id: Generated<number>
  order_id: string
  kind: OrderEventKind
  size: number
  at: Timestamp
}
export type OrderEventKind = 'CANCELLED' | 'LAPSED' | 'REMOVED'

/** A player's automatic cash-out on a market (migration 0905); TRIGGERED while it runs. */
export interface AutoCashOutTable {
  id: string
  user_id: string
  market_id: string
  profit_target: number | null
  loss_limit: number | null
  state: 'ACTIVE' | 'TRIGGERED' | 'DONE' | 'FAILED' | 'CANCELLED'
  msg: string | null
  created_at: Timestamp
  ended_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

/** A runner withdrawn by the feed, and when the exchange applied it (migration 0902). */
export interface RunnerRemovalTable {
  market_id: string
  selection_id: string
  reduction_factor_bp: number
  removed_at: Timestamp
  applied_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

/** What the user's exposure account holds for one market; released at settlement. */
export interface MarketExposureTable {
  user_id: string
  market_id: string
  book: LedgerBook
  held: number
}

export interface MarketSettlementTable {
  market_id: string
  result_kind: 'WINNER' | 'RUNS' | 'VOID'
  winner_selection_id: string | null
  /** A dead heat's other winners (migration 0801); null for a single winner. */
  dead_heat_with: ColumnType<string[] | null, string | null | undefined, string | null>
  result_runs: number | null
  actor_id: string
  settled_at: Timestamp
}

export interface BetRequestTable {
  user_id: string
  idempotency_key: string
  http_status: number
  response: ColumnType<unknown, string, string>
  created_at: Generated<Timestamp>
}

/** A bookmaker bet refused because its price beat the exchange's for the player (migration 0600). */
export interface HouseLineGuardEventTable {
  id: Generated<number>
  market_id: string
  selection_id: string
  side: OrderSide
  /** The bet's price and the exchange's opposite price it beat, odds ×100. */
  price: number
  exchange_price: number
  at: Timestamp
}

export interface ExchangeTables {
  bet_orders: BetOrderTable
  bet_fills: BetFillTable
  runner_removals: RunnerRemovalTable
  bet_order_events: BetOrderEventTable
  auto_cash_outs: AutoCashOutTable
  market_exposures: MarketExposureTable
  market_settlements: MarketSettlementTable
  bet_requests: BetRequestTable
  house_line_guard_events: HouseLineGuardEventTable
}
