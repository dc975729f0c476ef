// biome-ignore-all lint/style/noNonNullAssertion: slots and ticks read back from the book's own index are in range by construction.
import {
  BACK,
  type BookStore,
  createStore,
  highestFrom,
  LAY,
  lowestFrom,
  type MarketStatus,
  NONE,
  setRemaining,
  unlink,
  usedSlots,
  wordsBase,
} from './book/store'
import {
  isPositivePaise,
  type MarketId,
  type Odds,
  type OrderId,
  type Paise,
  type SelectionId,
  type UserId,
} from './ids'
import { oddsAtTick, TICK_COUNT } from './ladder'
import { err, ok, type Result } from './result'

/**
 * An exchange order book for one market (all its runners), Betfair style: backers and layers
 * trade with each other; sizes are always the BACKER'S stake in paise (a lay order of size 10000 at
 * 3.00 risks 20000). Price–time priority; see matching.ts for `match`.
 *
 * The book is a mutable object owned by its caller: `match`, `cancelOrder` and the lifecycle
 * functions change it in place (a copy per order would cost more than the matching itself) and
 * return only what happened. Keep one book per market on one thread; never share it.
 */
export interface OrderBook {
  readonly marketId: MarketId
  readonly selectionIds: readonly SelectionId[]
  /** Internal state; read it through the functions of this module. */
  readonly store: BookStore
}

export type { MarketStatus }
export type Side = 'BACK' | 'LAY'
/** LAPSE: cancelled when the market turns in-play. PERSIST: kept in-play. */
export type Persistence = 'LAPSE' | 'PERSIST'
/**
 * FILL_OR_KILL (Betfair's): match now, at least `minFillSize` (the whole size when absent), or
 * nothing; what does not match now is cancelled, never rests (cash-out, "Match now or cancel").
 */
export type TimeInForce = 'FILL_OR_KILL'

export interface OrderRequest {
  readonly id: OrderId
  readonly userId: UserId
  readonly selectionId: SelectionId
  readonly side: Side
  /** the worst price the player accepts; must be on the ladder */
  readonly odds: Odds
  /** backer's stake in paise */
  readonly size: Paise
  readonly persistence: Persistence
  readonly timeInForce?: TimeInForce
  /** FILL_OR_KILL only: the least that must match now, backer's stake in paise */
  readonly minFillSize?: Paise
}

/** One match between a back and a lay, at the resting (maker) order's price. */
export interface Fill {
  readonly selectionId: SelectionId
  readonly odds: Odds
  /** backer's stake */
  readonly stake: Paise
  /** = the backer's profit = the layer's liability, both `profitAtOdds(stake, odds)` */
  readonly liability: Paise
  readonly backOrderId: OrderId
  readonly backUserId: UserId
  readonly layOrderId: OrderId
  readonly layUserId: UserId
  /** side of the incoming order that caused the match */
  readonly taker: Side
  readonly at: number
}

/** An unmatched part taken off the book (cancel, reduce, lapse at in-play, close). */
export interface CancelledOrder {
  readonly orderId: OrderId
  readonly userId: UserId
  readonly selectionId: SelectionId
  readonly side: Side
  readonly odds: Odds
  /** backer's stake removed by this operation */
  readonly size: Paise
}

export interface RestingOrder {
  readonly orderId: OrderId
  readonly userId: UserId
  readonly selectionId: SelectionId
  readonly side: Side
  readonly odds: Odds
  readonly remaining: Paise
  readonly persistence: Persistence
  readonly placedAt: number
}

export interface PriceSize {
  readonly price: Odds
  readonly size: Paise
}

/** A runner's best prices and what it has matched, as a price display shows them. */
export interface RunnerPrices {
  readonly selectionId: SelectionId
  /** best resting LAY orders, highest price first: what a backer can take */
  readonly availableToBack: PriceSize[]
  /** best resting BACK orders, lowest price first: what a layer can take */
  readonly availableToLay: PriceSize[]
  readonly totalMatched: Paise
}

export interface MarketView {
  readonly marketId: MarketId
  readonly status: MarketStatus
  readonly inPlay: boolean
  readonly runners: RunnerPrices[]
}

export type BookCode =
  | 'MARKET.SUSPENDED'
  | 'MARKET.CLOSED'
  | 'MARKET.NOT_SUSPENDED'
  | 'ORDER.NOT_FOUND'
  | 'ORDER.INVALID_SIZE'
  | 'ORDER.IN_PLAY'

/** Number of prices per side shown in views (Betfair shows 3). */
export const VIEW_DEPTH = 3

/**
 * createBook('1.23' as MarketId, ['47972', '47973'] as SelectionId[]) → an OPEN, pre-play, empty book.
 * Throws on no runners or a repeated runner: a market definition like that is a feed bug.
 */
export const createBook = (marketId: MarketId, selectionIds: readonly SelectionId[]): OrderBook => {
  if (selectionIds.length === 0 || new Set(selectionIds).size !== selectionIds.length) {
    throw new RangeError(`market ${marketId} needs distinct runners`)
  }
  return { marketId, selectionIds: [...selectionIds], store: createStore(selectionIds) }
}

const sideName = (side: number): Side => (side === BACK ? 'BACK' : 'LAY')

const cancelledPart = (book: OrderBook, slot: number, size: number): CancelledOrder => {
  const s = book.store
  const li = s.level[slot]!
  const rs = (li / TICK_COUNT) | 0
  return {
    orderId: s.orderIds[slot] as OrderId,
    userId: s.userIds[slot] as UserId,
    selectionId: book.selectionIds[rs >> 1]!,
    side: sideName(rs & 1),
    odds: oddsAtTick(li - rs * TICK_COUNT),
    size: size as Paise,
  }
}

/** cancelOrder(book, 'b-1') → ok({ orderId: 'b-1', size: <unmatched part>, … }); matched parts stay matched. */
export const cancelOrder = (book: OrderBook, id: OrderId): Result<CancelledOrder, BookCode> => {
  const slot = book.store.slotOf.get(id)
  if (slot === undefined) return err('ORDER.NOT_FOUND', 'The order has no unmatched part.')
  const cancelled = cancelledPart(book, slot, book.store.remaining[slot]!)
  unlink(book.store, slot)
  return ok(cancelled)
}

/**
 * Whether a resting order lapses or stays when the market turns in-play, changed before it does:
 * setPersistence(book, 'b-1', 'PERSIST') → ok(its unmatched part, now kept in-play).
 */
export const setPersistence = (
  book: OrderBook,
  id: OrderId,
  persistence: Persistence,
): Result<RestingOrder, BookCode> => {
  const slot = book.store.slotOf.get(id)
  if (slot === undefined) return err('ORDER.NOT_FOUND', 'The order has no unmatched part.')
  if (book.store.inPlay) return err('ORDER.IN_PLAY', 'The market is in-play already.')
  book.store.persist[slot] = persistence === 'PERSIST' ? 1 : 0
  return ok(resting(book, slot))
}

/**
 * Takes `by` off the unmatched part, keeping the order's place in the queue; reducing by the whole
 * remainder or more cancels it. reduceOrder(book, 'b-1', 500) on 2000 unmatched → ok({ size: 500 }), 1500 rests.
 */
export const reduceOrder = (
  book: OrderBook,
  id: OrderId,
  by: Paise,
): Result<CancelledOrder, BookCode> => {
  const s = book.store
  const slot = s.slotOf.get(id)
  if (slot === undefined) return err('ORDER.NOT_FOUND', 'The order has no unmatched part.')
  if (!isPositivePaise(by)) {
    return err('ORDER.INVALID_SIZE', 'Amount must be above 0.')
  }
  if (by >= s.remaining[slot]!) return cancelOrder(book, id)
  setRemaining(s, slot, s.remaining[slot]! - by)
  return ok(cancelledPart(book, slot, by))
}

const sweep = (book: OrderBook, keep: (slot: number) => boolean): CancelledOrder[] => {
  const cancelled: CancelledOrder[] = []
  for (const slot of usedSlots(book.store)) {
    if (keep(slot)) continue
    cancelled.push(cancelledPart(book, slot, book.store.remaining[slot]!))
    unlink(book.store, slot)
  }
  return cancelled
}

/** cancelUserOrders(book, 'u-1') → every unmatched part of u-1 in this market, cancelled (the spec's cancel-all). */
export const cancelUserOrders = (book: OrderBook, userId: UserId): CancelledOrder[] =>
  sweep(book, (slot) => book.store.userIds[slot] !== userId)

/** suspendMarket(book) → ok; orders rest untouched but nothing can be placed until resumeMarket. */
export const suspendMarket = (book: OrderBook): Result<MarketStatus, BookCode> => {
  if (book.store.status === 'CLOSED') return err('MARKET.CLOSED', 'The market is closed.')
  book.store.status = 'SUSPENDED'
  book.store.version++
  return ok(book.store.status)
}

/** resumeMarket(book) → ok('OPEN') after a suspension. */
export const resumeMarket = (book: OrderBook): Result<MarketStatus, BookCode> => {
  if (book.store.status !== 'SUSPENDED') {
    return err('MARKET.NOT_SUSPENDED', 'The market is not suspended.')
  }
  book.store.status = 'OPEN'
  book.store.version++
  return ok(book.store.status)
}

/**
 * turnInPlay(book) → the LAPSE orders, lapsed; PERSIST orders keep resting. Only the first call
 * lapses anything: orders placed once in-play are not swept by a repeated turn.
 */
export const turnInPlay = (book: OrderBook): CancelledOrder[] => {
  if (book.store.inPlay) return []
  book.store.inPlay = true
  book.store.version++
  return sweep(book, (slot) => book.store.persist[slot] === 1)
}

/** closeMarket(book) → every unmatched part, cancelled; the book then refuses orders for good. */
export const closeMarket = (book: OrderBook): CancelledOrder[] => {
  book.store.status = 'CLOSED'
  book.store.version++
  return sweep(book, () => false)
}

/** bookState(book) → { status: 'OPEN', inPlay: false } */
export const bookState = (book: OrderBook): { status: MarketStatus; inPlay: boolean } => ({
  status: book.store.status,
  inPlay: book.store.inPlay,
})

const resting = (book: OrderBook, slot: number): RestingOrder => {
  const s = book.store
  const d = cancelledPart(book, slot, s.remaining[slot]!)
  return {
    orderId: d.orderId,
    userId: d.userId,
    selectionId: d.selectionId,
    side: d.side,
    odds: d.odds,
    remaining: d.size,
    persistence: s.persist[slot] === 1 ? 'PERSIST' : 'LAPSE',
    placedAt: s.placedAt[slot]!,
  }
}

/** restingOrder(book, 'b-1') → its unmatched part, or undefined once fully matched or cancelled. */
export const restingOrder = (book: OrderBook, id: OrderId): RestingOrder | undefined => {
  const slot = book.store.slotOf.get(id)
  return slot === undefined ? undefined : resting(book, slot)
}

/**
 * What the user's resting orders can lose whatever happens (unmatchedRisk summed), in O(1):
 * a back ₹100 and a lay ₹50 at 3.00 resting for u-1 → restingRiskOf(book, 'u-1') = 20000.
 */
export const restingRiskOf = (book: OrderBook, userId: UserId): Paise =>
  (book.store.riskOf.get(userId) ?? 0) as Paise

/** restingOrders(book, 'u-1') → u-1's unmatched orders in time order (all users' when userId is omitted). */
export const restingOrders = (book: OrderBook, userId?: UserId): RestingOrder[] =>
  usedSlots(book.store)
    .filter((slot) => userId === undefined || book.store.userIds[slot] === userId)
    .map((slot) => resting(book, slot))
    .sort((a, b) => a.placedAt - b.placedAt)

/** The levels resting on one runner side, best first, at most `max` of them. */
const levels = (s: BookStore, rs: number, max: number): PriceSize[] => {
  const out: PriceSize[] = []
  const base = wordsBase(rs)
  const up = (rs & 1) === BACK
  let tick = s.best[rs]!
  while (tick !== NONE && out.length < max) {
    out.push({ price: oddsAtTick(tick), size: s.levelSize[rs * TICK_COUNT + tick] as Paise })
    tick = up ? lowestFrom(s.occupied, base, tick + 1) : highestFrom(s.occupied, base, tick - 1)
  }
  return out
}
const depth = (s: BookStore, rs: number): PriceSize[] => levels(s, rs, VIEW_DEPTH)

/** Every price of a runner's book (Betfair's EX_ALL_OFFERS with EX_TRADED). */
export interface RunnerDepth {
  readonly selectionId: SelectionId
  /** every resting lay, highest price first: what a backer can take */
  readonly availableToBack: PriceSize[]
  /** every resting back, lowest price first: what a layer can take */
  readonly availableToLay: PriceSize[]
  /** matched backer's stake at each price it matched, lowest price first */
  readonly traded: PriceSize[]
}

/**
 * Every runner's whole book, for a ladder: each level that holds money and each price that
 * matched. With a lay of 5000 resting at 2.00 that met a back of 1000:
 * availableToBack = [{ price: 200, size: 4000 }], traded = [{ price: 200, size: 1000 }].
 */
export const marketDepth = (book: OrderBook): RunnerDepth[] => {
  const s = book.store
  return book.selectionIds.map((selectionId, r) => {
    const traded: PriceSize[] = []
    for (let t = 0; t < TICK_COUNT; t++) {
      const size = s.traded[r * TICK_COUNT + t]!
      if (size > 0) traded.push({ price: oddsAtTick(t), size: size as Paise })
    }
    return {
      selectionId,
      availableToBack: levels(s, r * 2 + LAY, TICK_COUNT),
      availableToLay: levels(s, r * 2 + BACK, TICK_COUNT),
      traded,
    }
  })
}

/**
 * The public picture of the market, Betfair convention: each runner's best prices and total
 * matched, read after every change of a market, so it walks no ladder (marketDepth gives the traded
 * volume per price). With a lay of 5000 resting at 2.00 and a back of 3000 at 2.02:
 * availableToBack = [{ price: 200, size: 5000 }], availableToLay = [{ price: 202, size: 3000 }].
 */
/**
 * A number that changes whenever anything `marketView` or `marketDepth` shows does: a reader
 * holding an answer for one version may reuse it while the version stays.
 */
export const bookVersion = (book: OrderBook): number => book.store.version

export const marketView = (book: OrderBook): MarketView => {
  const s = book.store
  return {
    marketId: book.marketId,
    status: s.status,
    inPlay: s.inPlay,
    runners: book.selectionIds.map((selectionId, r) => ({
      selectionId,
      availableToBack: depth(s, r * 2 + LAY),
      availableToLay: depth(s, r * 2 + BACK),
      totalMatched: s.matched[r] as Paise,
    })),
  }
}

const sameDepth = (a: readonly PriceSize[], b: readonly PriceSize[]) =>
  a.length === b.length && a.every((l, i) => l.price === b[i]?.price && l.size === b[i]?.size)

/**
 * Whether two readings of a runner's prices say the same, so a price update can leave the
 * runner out: compared field by field, as a generic deep comparison cost several per cent of the
 * server's time when run for every runner after every commit.
 */
export const samePrices = (a: RunnerPrices, b: RunnerPrices | undefined): boolean =>
  b !== undefined &&
  a.selectionId === b.selectionId &&
  a.totalMatched === b.totalMatched &&
  sameDepth(a.availableToBack, b.availableToBack) &&
  sameDepth(a.availableToLay, b.availableToLay)
