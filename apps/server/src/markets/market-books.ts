import type { MarketView } from '@backlay/exchange/order-book'

/**
 * The live exchange books, one per open exchange market, held in memory by this process. Reads
 * (match details, racing, the stream's images) take prices from here; markets without a book
 * (bookmaker and fancy house quotes) read the catalogue the feed writes.
 */
export interface MarketBooks {
  /**
   * Best three prices each side with sizes and traded volume, or undefined when no book is held
   * yet (the first call starts loading it from the store; read the catalogue meanwhile).
   */
  view(marketId: string): MarketView | undefined
  /** Whether `view` would answer a book now; unlike `view` it never starts loading one. */
  holds(marketId: string): boolean
  /**
   * Whether this process serves the market: always alone, a cluster node for its shards only.
   * Only the server of a market publishes its feed changes, so each reaches the stream once.
   */
  owns(marketId: string): boolean
  /** The last `seq` published on channel `market:<id>` (0 before any), for the stream's images. */
  sequence(marketId: string): number
}
