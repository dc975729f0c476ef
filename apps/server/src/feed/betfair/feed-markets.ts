import type { FastifyBaseLogger } from 'fastify'
import type { FeedUpdate } from '../feed-adapter'
import { catalogueOf, resultOf, unsupportedReason } from './catalogue-of'
import { CricketScores } from './cricket-scores'
import { type AppliedMessage, type CachedMarket, MarketCache } from './market-cache'
import type { CricketChangeMessage, MarketChangeMessage } from './messages'

/**
 * The market cache as a feed sees it: which markets (and cricket scores) changed since the feed
 * service last asked, minus markets we do not carry. A market closed with its result is handed
 * over one last time and then forgotten, so a stream that runs for weeks does not grow.
 */
export class FeedMarkets {
  private readonly cache = new MarketCache()
  private readonly scores = new CricketScores()
  private readonly changed = new Set<string>()
  private readonly skipped = new Set<string>()

  constructor(private readonly log: FastifyBaseLogger) {}

  apply(message: MarketChangeMessage): AppliedMessage {
    const applied = this.cache.apply(message)
    for (const id of applied.changedMarketIds) this.changed.add(id)
    return applied
  }

  applyCricket(message: CricketChangeMessage) {
    this.scores.apply(message.pt, message.cc)
  }

  /** Our catalogue rows for everything (`all`) or for what changed since the last call. */
  update(at: number, shiftMs: number, all: boolean): FeedUpdate {
    const markets = all ? this.takeAll() : this.takeChanged()
    return { ...catalogueOf(markets, at, shiftMs), scores: this.scores.takeChanged(shiftMs) }
  }

  clocks() {
    return { initialClk: this.cache.initialClk, clk: this.cache.clk }
  }

  heartbeatMs() {
    return this.cache.heartbeatMs
  }

  private takeAll(): CachedMarket[] {
    this.changed.clear()
    return this.take([...this.cache.markets.keys()])
  }

  private takeChanged(): CachedMarket[] {
    const ids = [...this.changed]
    this.changed.clear()
    return this.take(ids)
  }

  private take(ids: readonly string[]): CachedMarket[] {
    const markets: CachedMarket[] = []
    for (const id of ids) {
      const market = this.cache.markets.get(id)
      const definition = market?.definition
      if (!market || !definition) continue
      const reason = unsupportedReason(definition)
      if (reason !== null) {
        if (!this.skipped.has(id))
          this.log.debug({ marketId: id, reason }, 'feed market not carried')
        this.skipped.add(id)
        continue
      }
      markets.push(market)
      if (resultOf(definition) !== null) this.cache.drop(id)
    }
    return markets
  }
}
