// biome-ignore-all lint/style/noNonNullAssertion: slots and ticks read back from the book's own index are in range by construction.
import { allocate, BACK, LAY, linkTail, NONE, setRemaining, unlink } from './book/store'
import { isPositivePaise, type OrderId, type Paise, type UserId } from './ids'
import { oddsAtTick, TICK_COUNT, tickIndex } from './ladder'
import { profitAtOdds } from './money'
import type { Fill, OrderBook, OrderRequest } from './order-book'
import { err, ok, type Result } from './result'

export interface Placement {
  readonly orderId: OrderId
  /** in match order: best price first, then time priority (a shared empty array when none) */
  readonly fills: readonly Fill[]
  readonly matched: Paise
  /** left resting on the book */
  readonly resting: Paise
  /** cancelled now: a FILL_OR_KILL order's unmatched part, or all of it below its minimum fill */
  readonly lapsed: Paise
}

export type MatchCode =
  | 'MARKET.SUSPENDED'
  | 'MARKET.CLOSED'
  | 'ORDER.UNKNOWN_SELECTION'
  | 'ORDER.INVALID_SIZE'
  | 'ORDER.DUPLICATE_ID'
  | 'ODDS.OFF_LADDER'

const NO_FILLS: readonly Fill[] = Object.freeze([])

/** Backer's stake resting on the opposite side at prices the taker accepts, counted up to `need`. */
const available = (book: OrderBook, oppRs: number, tick: number, need: number): number => {
  const s = book.store
  const base = oppRs * TICK_COUNT
  let sum = 0
  if ((oppRs & 1) === LAY) {
    for (let t = TICK_COUNT - 1; t >= tick && sum < need; t--) sum += s.levelSize[base + t]!
  } else {
    for (let t = 0; t <= tick && sum < need; t++) sum += s.levelSize[base + t]!
  }
  return sum
}

/**
 * Places an order: it first matches the opposite side at the RESTING orders' prices (a back at
 * 2.00 takes a lay resting at 2.10 at 2.10 — the taker gets any better price), best price first and
 * oldest first within a price; the unmatched rest then rests. A FILL_OR_KILL order matches only
 * when at least its minimum fill (its whole size by default) can match now, and its rest is
 * cancelled instead of resting.
 * MUTATES `book` (see order-book.ts). `now` is the caller's clock, stamped on the fills and used
 * as the resting order's time. Validation happens before anything changes: an `err` leaves the book
 * untouched. A user may match their own order: the two bets net to nothing and exposure stays right.
 * Restoring a book after a restart: match the stored resting orders again (their remaining size),
 * oldest first; an uncrossed book's orders cannot match each other, so they rest as they were.
 *
 * With a lay of 5000 resting at 2.10: match(book, { side: 'BACK', odds: 200, size: 8000, … }, t)
 * → ok({ fills: [{ odds: 210, stake: 5000, liability: 5500, … }], matched: 5000, resting: 3000, lapsed: 0 }).
 */
export const match = (
  book: OrderBook,
  order: OrderRequest,
  now: number,
): Result<Placement, MatchCode> => {
  const s = book.store
  if (s.status !== 'OPEN') {
    return s.status === 'SUSPENDED'
      ? err('MARKET.SUSPENDED', 'The market is suspended.')
      : err('MARKET.CLOSED', 'The market is closed.')
  }
  const runner = s.runnerIndex.get(order.selectionId)
  if (runner === undefined) return err('ORDER.UNKNOWN_SELECTION', 'No such runner in this market.')
  const tick = tickIndex(order.odds)
  if (tick < 0) {
    return err('ODDS.OFF_LADDER', `Odds ${order.odds / 100} are not on the price ladder.`)
  }
  const size = order.size
  if (!isPositivePaise(size)) {
    return err('ORDER.INVALID_SIZE', 'Stake must be above 0.')
  }
  if (s.slotOf.has(order.id)) return err('ORDER.DUPLICATE_ID', 'An order with this id is open.')

  const isBack = order.side === 'BACK'
  const oppRs = runner * 2 + (isBack ? LAY : BACK)
  const fillAtLeast = Math.min(order.minFillSize ?? size, size)
  if (
    order.timeInForce === 'FILL_OR_KILL' &&
    available(book, oppRs, tick, fillAtLeast) < fillAtLeast
  ) {
    return ok({
      orderId: order.id,
      fills: NO_FILLS,
      matched: 0 as Paise,
      resting: 0 as Paise,
      lapsed: size,
    })
  }

  // Most orders rest without matching; they share one empty array instead of allocating their own.
  let fills: Fill[] | undefined
  let left: number = size
  const tradedBase = runner * TICK_COUNT
  while (left > 0) {
    const best = s.best[oppRs]!
    if (best === NONE || (isBack ? best < tick : best > tick)) break
    const li = oppRs * TICK_COUNT + best
    const price = oddsAtTick(best)
    let maker = s.levelHead[li]!
    while (left > 0 && maker !== NONE) {
      const makerLeft = s.remaining[maker]!
      const stake = Math.min(makerLeft, left) as Paise
      const makerId = s.orderIds[maker] as OrderId
      const makerUser = s.userIds[maker] as UserId
      fills ??= []
      fills.push({
        selectionId: order.selectionId,
        odds: price,
        stake,
        liability: profitAtOdds(stake, price),
        backOrderId: isBack ? order.id : makerId,
        backUserId: isBack ? order.userId : makerUser,
        layOrderId: isBack ? makerId : order.id,
        layUserId: isBack ? makerUser : order.userId,
        taker: order.side,
        at: now,
      })
      left -= stake
      s.traded[tradedBase + best]! += stake
      s.matched[runner]! += stake
      const next = s.next[maker]!
      if (stake === makerLeft) unlink(s, maker)
      else setRemaining(s, maker, makerLeft - stake)
      maker = next
    }
  }

  const rests = left > 0 && order.timeInForce !== 'FILL_OR_KILL'
  if (rests) {
    const persist = order.persistence === 'PERSIST' ? 1 : 0
    const slot = allocate(s, order.id, order.userId, left, persist, now)
    linkTail(s, slot, runner * 2 + (isBack ? BACK : LAY), tick)
  }
  return ok({
    orderId: order.id,
    fills: fills ?? NO_FILLS,
    matched: (size - left) as Paise,
    resting: (rests ? left : 0) as Paise,
    lapsed: (rests ? 0 : left) as Paise,
  })
}
