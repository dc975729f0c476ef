import type { DetailPriceSize } from '@backlay/contract/match-details'
import { oddsToDecimal, paiseToRupees } from '@backlay/contract/money'
import type { MarketView } from '@backlay/exchange/order-book'
import type { MarketKind, MarketStatus, PriceLevel, Runner } from '../db/schema'
import type { MarketBooks } from '../markets/market-books'
import { isExchangeKind } from '../markets/market-state'

const BEST_LEVELS = 3

export interface RunnerPrices {
  availableToBack: DetailPriceSize[]
  availableToLay: DetailPriceSize[]
  /** rupees matched on the runner */
  tradedVolume: number
}

/**
 * A price cell on the wire. Bookmaker cells carry the rate the spec converts back with
 * rate / 100 + 1 (odds 195 → price 95, oprice 1.95); other cells carry decimal odds in both.
 */
export function priceCells(kind: MarketKind, levels: readonly PriceLevel[]): DetailPriceSize[] {
  return levels.slice(0, BEST_LEVELS).map((l) => ({
    price: kind === 'BOOKMAKER' ? l.price - 100 : oddsToDecimal(l.price),
    oprice: oddsToDecimal(l.price),
    size: paiseToRupees(l.size),
  }))
}

/**
 * Current prices of one market, by selection id. An exchange market the books hold reads its
 * book; anything else (bookmaker quotes, or an exchange market no book holds yet) reads the
 * catalogue rows the feed wrote.
 */
export function marketPrices(
  books: MarketBooks,
  market: { id: string; kind: MarketKind; status: MarketStatus; inplay: boolean },
  runners: readonly Runner[],
): { status: MarketStatus; inplay: boolean; runners: Map<string, RunnerPrices> } {
  const view: MarketView | undefined = isExchangeKind(market.kind)
    ? books.view(market.id)
    : undefined
  const prices = new Map<string, RunnerPrices>()
  if (view) {
    for (const r of view.runners) {
      prices.set(r.selectionId, {
        availableToBack: priceCells(market.kind, r.availableToBack),
        availableToLay: priceCells(market.kind, r.availableToLay),
        tradedVolume: paiseToRupees(r.totalMatched),
      })
    }
  }
  for (const row of runners) {
    if (prices.has(row.selection_id)) continue
    prices.set(row.selection_id, {
      availableToBack: priceCells(market.kind, row.back),
      availableToLay: priceCells(market.kind, row.lay),
      tradedVolume: paiseToRupees(row.traded_volume),
    })
  }
  // A closed catalogue market stays closed whatever a book still says.
  const status = view && market.status !== 'CLOSED' ? view.status : market.status
  return { status, inplay: view ? view.inPlay : market.inplay, runners: prices }
}
