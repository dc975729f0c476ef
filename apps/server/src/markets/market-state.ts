import type { MarketType } from '@backlay/contract/market'
import { RACING_SPORT_IDS } from '@backlay/contract/sport'
import {
  bestOutcome,
  betPL,
  losingPL,
  type OddsBet,
  type UserOddsBet,
  worstOutcome,
} from '@backlay/exchange/exposure'
import type { Odds, OrderId, Paise, SelectionId, UserId } from '@backlay/exchange/ids'
import { match } from '@backlay/exchange/matching'
import {
  bookState,
  createBook,
  type Fill,
  type OrderBook,
  type OrderRequest,
  type Persistence,
  type RunnerDepth,
  type RunnerPrices,
  restingOrder,
  restingRiskOf,
} from '@backlay/exchange/order-book'
import { type FancyBet, fancyBetPL, fancyExposure } from '@backlay/exchange/session'
import type { Kysely } from 'kysely'
import type { Database, LedgerBook, MarketKind } from '../db/schema'
import type { BetFillTable } from '../db/schema-exchange'
import { MARKET_MAKER_ID } from './accounts'

/** Markets matched between players on a book; bookmaker and fancy bets are struck with the house. */
export const EXCHANGE_KINDS = ['MATCH_ODDS', 'WIN', 'ODDS'] as const satisfies readonly MarketKind[]
export const isExchangeKind = (kind: MarketKind) =>
  (EXCHANGE_KINDS as readonly MarketKind[]).includes(kind)

/**
 * The type the player's site shows a market as: an event's other exchange markets (kind ODDS: a
 * race's place market, over/under) trade and display as its main one, win or match odds.
 */
export const siteMarketType = (kind: MarketKind, sportId: string): MarketType =>
  kind === 'ODDS' ? (RACING_SPORT_IDS.includes(sportId) ? 'WIN' : 'MATCH_ODDS') : kind

/** One user's stake in one market, kept in memory so a placement needs no position query. */
export interface Position {
  readonly userId: string
  readonly book: LedgerBook
  /** matched bets (exchange fills and bookmaker bets); fancy markets use `fancy` */
  readonly matched: OddsBet[]
  /** P/L if each runner wins, in the market's runner order, from `matched` */
  readonly pl: number[]
  /** P/L if none of the runners wins, from `matched`: with `pl`, any set of winners' P/L */
  none: number
  readonly fancy: FancyBet[]
  /** ids of the user's orders resting on the book */
  readonly open: Set<string>
  /** what the user's exposure account holds for this market */
  held: number
}

/** The live state of one market: the book (exchange kinds), positions, and the stream sequence. */
export interface MarketState {
  readonly id: string
  readonly kind: MarketKind
  readonly eventId: string
  readonly sportId: string
  readonly name: string
  readonly selectionIds: SelectionId[]
  /** how many runners the market pays: 1, or a race's place market's places */
  readonly winners: number
  readonly book: OrderBook | null
  readonly positions: Map<string, Position>
  settled: boolean
  /** what the last published prices message said per runner, to send only changes */
  lastPrices: Map<string, RunnerPrices>
  /** each runner's whole book as the ladder channel last said it; empty: send an image next */
  lastDepth: Map<string, RunnerDepth>
}

export const newPosition = (state: MarketState, userId: string, book: LedgerBook): Position => ({
  userId,
  book,
  matched: [],
  pl: state.selectionIds.map(() => 0),
  none: 0,
  fancy: [],
  open: new Set(),
  held: 0,
})

export function positionOf(state: MarketState, userId: string, book: LedgerBook): Position {
  let position = state.positions.get(userId)
  if (!position) {
    position = newPosition(state, userId, book)
    state.positions.set(userId, position)
  }
  return position
}

/**
 * A leg as the book takes it: orderRequest('o1', 'u1', BACK A ₹100 @ 2.00, 'LAPSE'); with
 * `fillOrKill`, a FILL_OR_KILL order of at least its `minFill` paise.
 */
export const orderRequest = (
  id: string,
  userId: string,
  leg: { selectionId: string; side: 'BACK' | 'LAY'; odds: number; stake: number },
  persistence: Persistence,
  fillOrKill?: { readonly minFill?: number },
): OrderRequest => ({
  id: id as OrderId,
  userId: userId as UserId,
  selectionId: leg.selectionId as SelectionId,
  side: leg.side,
  odds: leg.odds as Odds,
  size: leg.stake as Paise,
  persistence,
  ...(fillOrKill ? { timeInForce: 'FILL_OR_KILL' as const } : {}),
  ...(fillOrKill?.minFill === undefined ? {} : { minFillSize: fillOrKill.minFill as Paise }),
})

/** A fill as bet_fills stores it (the order ids when the caller needs them). */
type StoredFill = Pick<
  BetFillTable,
  'selection_id' | 'odds' | 'stake' | 'back_user_id' | 'lay_user_id'
> &
  Partial<Pick<BetFillTable, 'back_order_id' | 'lay_order_id'>>

/** A market's non-runners the exchange has applied: no longer outcomes of its positions. */
export async function withdrawnRunners(
  db: Kysely<Database>,
  marketId: string,
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('runner_removals')
    .select('selection_id')
    .where('market_id', '=', marketId)
    .where('applied_at', 'is not', null)
    .execute()
  return new Set(rows.map((r) => r.selection_id))
}

/** A market's fills that stand, in match order: a non-runner's are void (non-runner.ts). */
export const standingFills = (db: Kysely<Database>, marketId: string) =>
  db
    .selectFrom('bet_fills')
    .select([
      'selection_id',
      'odds',
      'stake',
      'back_order_id',
      'back_user_id',
      'lay_order_id',
      'lay_user_id',
    ])
    .where('market_id', '=', marketId)
    .where('voided', '=', false)
    .orderBy('id')
    .execute()

/** The two matched bets a stored fill makes: the backer's and the layer's, at the fill's price. */
export function betsOfFill(f: StoredFill): { orderId: string; bet: UserOddsBet }[] {
  const bet = {
    selectionId: f.selection_id as SelectionId,
    odds: f.odds as Odds,
    stake: f.stake as Paise,
  }
  return [
    {
      orderId: f.back_order_id ?? '',
      bet: { ...bet, userId: f.back_user_id as UserId, side: 'BACK' },
    },
    {
      orderId: f.lay_order_id ?? '',
      bet: { ...bet, userId: f.lay_user_id as UserId, side: 'LAY' },
    },
  ]
}

export function addMatched(state: MarketState, position: Position, bet: OddsBet) {
  position.matched.push(bet)
  state.selectionIds.forEach((id, i) => {
    position.pl[i] = (position.pl[i] ?? 0) + betPL(bet, id)
  })
  position.none += losingPL(bet)
}

/** Books the two sides of a fill on the users' positions; a maker whose order filled no longer has it open. */
export function applyFill(state: MarketState, fill: Fill, books: (userId: string) => LedgerBook) {
  const back = positionOf(state, fill.backUserId, books(fill.backUserId))
  const lay = positionOf(state, fill.layUserId, books(fill.layUserId))
  addMatched(state, back, {
    selectionId: fill.selectionId,
    side: 'BACK',
    odds: fill.odds,
    stake: fill.stake,
  })
  addMatched(state, lay, {
    selectionId: fill.selectionId,
    side: 'LAY',
    odds: fill.odds,
    stake: fill.stake,
  })
  if (state.book) {
    if (!restingOrder(state.book, fill.backOrderId)) back.open.delete(fill.backOrderId)
    if (!restingOrder(state.book, fill.layOrderId)) lay.open.delete(fill.layOrderId)
  }
}

/**
 * What the position must hold: the worst outcome's loss, with resting orders as pure risk
 * (exposure.ts explains why they never count as a hedge). `extra` adds a bet as if matched.
 */
export function requiredExposure(state: MarketState, position: Position, extraRisk = 0): number {
  if (state.kind === 'SESSION') return fancyExposure(position.fancy).exposure
  const resting = state.book ? restingRiskOf(state.book, position.userId as UserId) : 0
  const risk = resting + extraRisk
  return 0 - Math.min(0, worstOutcome(position.pl, position.none, state.winners) - risk)
}

/** The user's best outcome if `bet` were fully matched too: the max-profit limit's input. */
export function bestOutcomeWith(state: MarketState, position: Position, bet: OddsBet): Paise {
  const pl = state.selectionIds.map((id, i) => (position.pl[i] ?? 0) + betPL(bet, id))
  return bestOutcome(pl, position.none + losingPL(bet), state.winners) as Paise
}

export function bestFancyOutcomeWith(position: Position, bet: FancyBet): Paise {
  const bets = [...position.fancy, bet]
  const lines = [0, ...bets.map((b) => b.line)]
  let best = Number.NEGATIVE_INFINITY
  for (const runs of lines) {
    best = Math.max(
      best,
      bets.reduce((sum, b) => sum + fancyBetPL(b, runs), 0),
    )
  }
  return best as Paise
}

/**
 * Rebuilds a market from the store: the book from its resting orders (oldest first; an uncrossed
 * book's orders cannot match each other, so they rest exactly as they were), positions from
 * fills, bookmaker and fancy bets, and the exposure each user holds. Undefined for an unknown id.
 */
export async function loadMarketState(
  db: Kysely<Database>,
  marketId: string,
): Promise<MarketState | undefined> {
  const market = await db
    .selectFrom('markets as m')
    .innerJoin('events as e', 'e.id', 'm.event_id')
    .select([
      'm.id',
      'm.kind',
      'm.name',
      'm.event_id',
      'e.sport_id',
      'm.inplay',
      'm.status',
      'm.number_of_winners',
    ])
    .where('m.id', '=', marketId)
    .executeTakeFirst()
  if (!market) return undefined
  const [runners, withdrawn, settlement, exposures, orders] = await Promise.all([
    db
      .selectFrom('runners')
      .select('selection_id')
      .where('market_id', '=', marketId)
      .orderBy('sort_priority')
      .execute(),
    withdrawnRunners(db, marketId),
    db
      .selectFrom('market_settlements')
      .select('market_id')
      .where('market_id', '=', marketId)
      .executeTakeFirst(),
    db.selectFrom('market_exposures').selectAll().where('market_id', '=', marketId).execute(),
    db
      .selectFrom('bet_orders')
      .selectAll()
      .where('market_id', '=', marketId)
      .where('status', '=', 'OPEN')
      .orderBy('seq')
      .execute(),
  ])
  const selectionIds = runners
    .map((r) => r.selection_id as SelectionId)
    .filter((id) => !withdrawn.has(id))
  const exchange = isExchangeKind(market.kind) && selectionIds.length > 0
  const state: MarketState = {
    id: market.id,
    kind: market.kind,
    eventId: market.event_id,
    sportId: market.sport_id,
    name: market.name,
    selectionIds,
    winners: market.number_of_winners,
    book: exchange ? createBook(market.id as never, selectionIds) : null,
    positions: new Map(),
    settled: settlement !== undefined || market.status === 'CLOSED',
    lastPrices: new Map(),
    lastDepth: new Map(),
  }
  const bookOf = new Map<string, LedgerBook>()
  for (const o of orders) bookOf.set(o.user_id, o.book)
  for (const e of exposures) {
    bookOf.set(e.user_id, e.book)
    positionOf(state, e.user_id, e.book).held = e.held
  }
  const books = (userId: string): LedgerBook => bookOf.get(userId) ?? 'real'

  if (state.book) {
    // Every stored order rests again, also players' orders of a market that went in-play while
    // it was out of memory: the engine lapses those as it loads the market, releasing their funds.
    // Orders placed in-play, those kept in-play and the market maker's persist.
    for (const o of orders) {
      if (o.remaining <= 0) continue
      const persistence =
        o.user_id === MARKET_MAKER_ID || o.placed_inplay || o.keep_inplay ? 'PERSIST' : 'LAPSE'
      const resting = {
        selectionId: o.selection_id,
        side: o.side,
        odds: o.odds,
        stake: o.remaining,
      }
      const placed = match(
        state.book,
        orderRequest(o.id, o.user_id, resting, persistence),
        o.placed_at.getTime(),
      )
      if (!placed.ok || placed.value.fills.length > 0) {
        throw new Error(`restoring order ${o.id} of market ${marketId} did not rest cleanly`)
      }
      positionOf(state, o.user_id, o.book).open.add(o.id)
    }
    for (const f of await standingFills(db, marketId)) {
      for (const { bet } of betsOfFill(f)) {
        addMatched(state, positionOf(state, bet.userId, books(bet.userId)), bet)
      }
    }
  } else {
    for (const o of orders) {
      const position = positionOf(state, o.user_id, o.book)
      if (state.kind === 'SESSION') {
        position.fancy.push({
          side: o.side === 'BACK' ? 'YES' : 'NO',
          line: o.line ?? 0,
          rate: o.odds,
          stake: o.matched as Paise,
        })
      } else {
        addMatched(state, position, {
          selectionId: o.selection_id as SelectionId,
          side: o.side,
          odds: o.odds as Odds,
          stake: o.matched as Paise,
        })
      }
    }
  }
  return state
}

export const inPlayOf = (state: MarketState) => (state.book ? bookState(state.book).inPlay : false)
