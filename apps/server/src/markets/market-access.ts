import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { Clock } from '../clock'
import type { Database } from '../db/schema'
import type { CatalogueMarket } from './catalogue'
import type { MarketState } from './market-state'
import type { TradeCommitter } from './trade-commit'

/**
 * What the engine (exchange-engine.ts) lends the rooms that change a market on its behalf: the
 * market maker's requote and the cash-out leg. Each change runs inside `exclusive`, so a market
 * is changed by one thing at a time, and is written through the committer.
 */
export interface MarketAccess {
  readonly db: Kysely<Database>
  readonly clock: Clock
  readonly log: FastifyBaseLogger
  readonly committer: TradeCommitter
  /** Users whose trading accounts exist already, so they are opened once. */
  readonly openedAccounts: Set<string>
  /**
   * The quote each market's maker orders stand at: the same quote on the next feed tick costs
   * nothing. Forgotten when a trade fills in the market or the market is reloaded.
   */
  readonly lastQuotes: Map<string, string>
  /** Runs `work` on the market alone, its state loaded from the store first if needed. */
  exclusive<T>(marketId: string, work: (state: MarketState | undefined) => Promise<T>): Promise<T>
  /** The market's catalogue row, read together with the others asked for in the same turn. */
  catalogueMarket(marketId: string): Promise<CatalogueMarket | undefined>
  /** Quotes a market the first time it is traded or read (the plugin sets it). */
  beforeTrade(marketId: string): Promise<void>
}
