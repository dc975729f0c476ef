import type { PlacedBet } from '@backlay/contract/bets'
import { oddsToDecimal, paiseToRupees } from '@backlay/contract/money'
import type { UserLimits } from '@backlay/exchange/limits'
import type { Persistence } from '@backlay/exchange/order-book'
import type { OrderRefs, TradeWrites } from '@backlay/exchange/trade'
import type { LedgerBook } from '../db/schema'
import type { BetOrderTable, OrderEventKind } from '../db/schema-exchange'
import type { Failure, Result } from '../result'
import type { CatalogueMarket } from './catalogue'
import type { MarketState, Position } from './market-state'

/**
 * The words the rooms of markets/ share: who trades, what a bet leg is, how a change to a market
 * is submitted and answered. Used by the engine (exchange-engine.ts) and its rooms: leg checks,
 * trade commit, publisher, market maker, in-play, cash-out; and by the bet routes.
 */

/** Who places: the user id, the ledger book their money is in, and their own stake limits. */
export interface Trader {
  readonly userId: string
  readonly book: LedgerBook
  readonly limits: UserLimits
}

/** One bet on a runner: odds ×100 (the worst price accepted), stake in paise. */
export interface OddsLeg {
  readonly selectionId: string
  readonly side: 'BACK' | 'LAY'
  readonly odds: number
  readonly stake: number
}

export interface FancyLeg {
  readonly side: 'YES' | 'NO'
  readonly line: number
  readonly rate: number
  readonly stake: number
}

export interface PlaceOptions {
  /** stored with the bet in the same transaction so a retry answers the first result */
  readonly idempotencyKey?: string
  /**
   * Match now or cancel (Betfair's FILL_OR_KILL): each leg matches at least `minFill` paise (its
   * whole stake when absent) now or is refused with BET.NOT_FILLED; its unmatched rest is
   * cancelled, never rests. Cash-out hedges ask for the whole stake.
   */
  readonly fillOrKill?: { readonly minFill?: number }
  /** seconds the request has already waited; less than the market's delay answers BET.DELAY_PENDING */
  readonly waitedSeconds?: number
  /**
   * The HTTP request it serves, stored on its ledger posting: a group transaction writes the
   * entries of many requests, so each carries its own.
   */
  readonly requestId?: string
  /** The player's choice for an exchange order's unmatched part at the in-play turn (LAPSE by default). */
  readonly persistence?: Persistence
  /** The trading API caller's references, kept on each order the change places. */
  readonly refs?: OrderRefs
  /** Why the change's cancels happen, for the order history (CANCELLED by default: the player). */
  readonly cancelledAs?: OrderEventKind
}

/**
 * Not a refusal: the bet passed every check but the market's delay has not run yet. The caller
 * waits `delaySeconds` (outside the market's queue) and places again, which checks everything anew.
 */
export const DELAY_PENDING = 'BET.DELAY_PENDING'
export type PendingDelay = Failure & { readonly delaySeconds: number }
export const isPendingDelay = (r: Result<unknown>): r is PendingDelay =>
  !r.ok && r.code === DELAY_PENDING

export interface Placed {
  readonly msg: string
  readonly bets: PlacedBet[]
}

/** Expected refusals of the exchange; their default texts and HTTP status are in the contract's betErrors. */
export type EngineFailure = Failure

/**
 * The market is not served by this process any more (a cluster moved it): nothing was written,
 * and the call is for its new owner.
 */
export class MarketMoved extends Error {}

/** Thrown inside a transaction to roll it back and answer with the failure it carries. */
export class Refusal extends Error {
  constructor(readonly failure: Failure) {
    super(failure.msg)
  }
}

export const TRADE_MSG = {
  notFound: 'Market not found',
  suspended: 'Market is suspended',
  closed: 'Market is closed',
  runnerSuspended: 'Selection is suspended',
  funds: 'Insufficient balance',
  oddsChanged: 'Odds changed, please place the bet again',
  offLadder: 'Odds are not on the price ladder',
  noLiquidity: 'Not enough matching offers at this price',
  notFilled: 'Bet cancelled: it could not be matched now at these odds.',
  inPlayChoice: 'The market is in-play: the bet can no longer change what it does at the off.',
  wrongCall: {
    fancy: 'This is a fancy market: place it with saveFancyBet.',
    odds: 'This is not a fancy market: place it with saveBet.',
  },
} as const

export const rupees = paiseToRupees
export const avgOdds = (matched: number, value: number) =>
  matched > 0 ? oddsToDecimal(Math.round(value / matched)) : null
export const orderStatusOf = (matched: number, remaining: number): PlacedBet['status'] =>
  remaining === 0 ? 'MATCHED' : matched > 0 ? 'PARTIALLY_MATCHED' : 'UNMATCHED'

/** One change to commit: a placement (checked first), a cancel or a requote. */
export interface Entry {
  /** the market it changes, held by the caller through the market's queue */
  readonly state: MarketState
  readonly trader: Trader
  readonly options: PlaceOptions
  /** run on the market as the batch's earlier entries left it; a failure skips the entry */
  readonly check?: () => Failure | null
  readonly change: (position: Position) => TradeWrites
}

export interface Accepted {
  readonly entry: Entry
  readonly writes: TradeWrites
  readonly answer: Placed
  readonly exposureChanged: boolean
  balances?: { cash: number | undefined; exposure: number | undefined }
}

/** Builds a placement's entry once its market is loaded and its catalogue row read. */
export type Plan = (state: MarketState, market: CatalogueMarket) => Entry

export interface Waiting {
  readonly plan: Plan
  /** The market's catalogue row, read once the placement arrived. */
  readonly market: Promise<CatalogueMarket | undefined>
  readonly resolve: (result: Result<Placed>) => void
  readonly reject: (error: unknown) => void
}

/** A waiting placement whose market's catalogue row was found. */
export type Ready = Omit<Waiting, 'market'> & { readonly market: CatalogueMarket }

/** A refusal inside a batch that cannot be taken back alone: the batch is redone one by one. */
export class BatchBroken extends Error {}

/** The ledger book of a user in a trade: the trader's own, else the one their position holds. */
export function bookOf(state: MarketState, userId: string, trader: Trader): LedgerBook {
  return userId === trader.userId ? trader.book : (state.positions.get(userId)?.book ?? 'real')
}

export type OrderRow = Pick<
  BetOrderTable,
  | 'id'
  | 'user_id'
  | 'selection_id'
  | 'side'
  | 'odds'
  | 'matched'
  | 'matched_value'
  | 'remaining'
  | 'market_kind'
>

export const positionOfNone: Position = {
  userId: '',
  book: 'real',
  matched: [],
  pl: [],
  none: 0,
  fancy: [],
  open: new Set(),
  held: 0,
}

/** The answer to a placement: each order as the change left it (a fill-or-kill rest cancelled). */
export function placedAnswer(writes: TradeWrites): Placed {
  const cancelled = new Map(writes.cancels.map((c) => [c.orderId, c.size]))
  const bets = writes.orders.map((o) => {
    const remaining = o.remaining - (cancelled.get(o.id) ?? 0)
    return {
      bet_id: o.id,
      status: orderStatusOf(o.matched, remaining),
      matched_stack: rupees(o.matched),
      unmatched_stack: rupees(remaining),
      avg_odds: o.leg.line === null ? avgOdds(o.matched, o.matchedValue) : null,
    }
  })
  const unmatched = bets.some((b) => b.unmatched_stack > 0)
  const matched = bets.some((b) => b.matched_stack > 0)
  const msg =
    writes.orders.length === 0
      ? 'Bet cancelled.'
      : unmatched && matched
        ? 'Bet partially matched; the rest is waiting unmatched.'
        : unmatched
          ? 'Bet placed; waiting unmatched.'
          : writes.orders.some((o) => cancelled.has(o.id))
            ? 'Bet partially matched; the rest was cancelled.'
            : 'Bet matched.'
  return { msg, bets }
}
