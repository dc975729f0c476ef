import { randomUUID } from 'node:crypto'
import { uncrossed } from '@backlay/exchange/feed-quotes'
import { beatsOtherLine, type OutcomePrices } from '@backlay/exchange/house-lines'
import type { Odds } from '@backlay/exchange/ids'
import { cancelOrder, restingOrder } from '@backlay/exchange/order-book'
import type { TradeWrites } from '@backlay/exchange/trade'
import type { PriceLevel } from '../db/schema'
import type { Result } from '../result'
import { ensureTradingAccounts, MARKET_MAKER_ID } from './accounts'
import { matchLeg } from './book-leg'
import type { CatalogueMarket } from './catalogue'
import { lapseAtInPlay } from './in-play'
import type { MarketAccess } from './market-access'
import { positionOf } from './market-state'
import type { Placed } from './trade-types'
import { BatchBroken, type OddsLeg, type Trader } from './trade-types'

/** No single market-maker order risks more than ₹1,00,000: deep enough for a player, bounded for the house. */
const MAX_RISK = 1_00_000 * 100

const stakeFor = (side: 'BACK' | 'LAY', level: PriceLevel) => {
  const cap = side === 'BACK' ? MAX_RISK : Math.floor((MAX_RISK * 100) / (level.price - 100))
  return Math.min(level.size, cap)
}

/**
 * The market maker's quote for an exchange market: around the feed's fair price, it lays at each
 * level the feed offers backers and backs at each level it offers layers, so both sides of every
 * active runner are populated and a lone player is matched. A level that the event's bookmaker
 * line beats for the player (`bookmaker`, per selection) is left out: backing here above the
 * bookmaker's lay, or laying here below its back, would hedge into a sure profit.
 * A runner whose feed prices cross (back at or above lay) is quoted on its uncrossed part.
 * quoteFor(market with runner A back 2.00 / lay 2.02) → [LAY A @ 2.00, BACK A @ 2.02, …]
 */
export function quoteFor(
  market: Pick<CatalogueMarket, 'status' | 'runners'>,
  bookmaker?: ReadonlyMap<string, OutcomePrices>,
): OddsLeg[] {
  if (market.status !== 'OPEN') return []
  const legs: OddsLeg[] = []
  for (const runner of market.runners) {
    if (runner.status !== 'ACTIVE') continue
    // A crossed feed (a stale level, a moment of Betfair's data) would have the maker match
    // itself: only the uncrossed part is offered.
    const book = uncrossed(runner.back, runner.lay)
    const other = bookmaker?.get(runner.selectionId)
    const beaten = (side: 'BACK' | 'LAY', level: PriceLevel) =>
      other !== undefined && beatsOtherLine(side, level.price as Odds, other, 0)
    for (const level of book.back) {
      if (beaten('BACK', level)) continue
      const stake = stakeFor('LAY', level)
      if (stake > 0)
        legs.push({ selectionId: runner.selectionId, side: 'LAY', odds: level.price, stake })
    }
    for (const level of book.lay) {
      if (beaten('LAY', level)) continue
      const stake = stakeFor('BACK', level)
      if (stake > 0)
        legs.push({ selectionId: runner.selectionId, side: 'BACK', odds: level.price, stake })
    }
  }
  return legs
}

/**
 * Replaces the market maker's resting orders in a market with `desired` (keeping those that are
 * already there at the same price and size). Skipped while the market is not open. The quote
 * shares the group write of its feed tick, like placements; when that write fails as a whole
 * (another market's change broke it, or a balance it was checked on had gone stale), the market
 * is reloaded and its quote is written again alone, under lock.
 */
export async function requoteMaker(
  access: MarketAccess,
  marketId: string,
  desired: readonly OddsLeg[],
  alone = false,
): Promise<void> {
  const quote = JSON.stringify(desired)
  if (access.lastQuotes.get(marketId) === quote) return
  const trader: Trader = { userId: MARKET_MAKER_ID, book: 'real', limits: {} }
  await ensureTradingAccounts(access.db, trader.userId, trader.book, access.openedAccounts)
  let broken = false
  await access.exclusive(marketId, async (state) => {
    if (!state?.book || state.settled) return
    const book = state.book
    const market = await access.catalogueMarket(marketId)
    if (market?.status !== 'OPEN') return
    if (market.inplay) await lapseAtInPlay(access.committer, state)
    const position = positionOf(state, trader.userId, trader.book)
    const keyOf = (l: { selectionId: string; side: string; odds: number }) =>
      `${l.selectionId}:${l.side}:${l.odds}`
    const wanted = new Map(desired.map((l) => [keyOf(l), l]))
    const keep = new Set<string>()
    const cancelIds: string[] = []
    for (const id of position.open) {
      const order = restingOrder(book, id as never)
      if (!order) continue
      const want = wanted.get(keyOf(order))
      if (want && want.stake === order.remaining && !keep.has(keyOf(order))) keep.add(keyOf(order))
      else cancelIds.push(id)
    }
    const toPlace = desired.filter((l) => !keep.has(keyOf(l)))
    if (cancelIds.length === 0 && toPlace.length === 0) {
      access.lastQuotes.set(marketId, quote)
      return
    }
    const change = (): TradeWrites => {
      const writes: TradeWrites = { orders: [], fills: [], cancels: [] }
      for (const id of cancelIds) {
        const cancelled = cancelOrder(book, id as never)
        position.open.delete(id)
        if (cancelled.ok) writes.cancels.push({ orderId: id, size: cancelled.value.size })
      }
      for (const leg of toPlace) {
        matchLeg(
          state,
          book,
          trader,
          position,
          leg,
          { id: randomUUID(), persistence: 'PERSIST', now: access.clock.now() },
          writes,
        )
      }
      return writes
    }
    const entry = { state, trader, options: {}, change }
    let result: Result<Placed> | undefined
    try {
      ;[result] = alone
        ? await access.committer.commitAll([entry])
        : await access.committer.submit([entry])
    } catch (error) {
      if (!(error instanceof BatchBroken)) throw error
      broken = true
      return
    }
    if (result?.ok) access.lastQuotes.set(marketId, quote)
    else access.log.warn({ marketId, msg: result?.msg }, 'market maker requote refused')
  })
  if (broken && !alone) await requoteMaker(access, marketId, desired, true)
}
