import type { FastifyBaseLogger } from 'fastify'
import { resultOf, unsupportedReason } from './catalogue-of'
import { type AppliedMessage, type CachedMarket, MarketCache } from './market-cache'
import type { MarketChangeMessage } from './messages'

/**
 * The market cache as a feed sees it: which markets changed since the feed service last asked,
 * minus those we do not carry. A market closed with its result is handed over one last time and
 * then forgotten, so a stream that runs for weeks does not grow.
 */
export class FeedMarkets {
  private readonly cache = new MarketCache()
  private readonly changed = new Set<string>()
  private readonly skipped = new Set<string>()

  constructor(private readonly log: FastifyBaseLogger) {}

  apply(message: MarketChangeMessage): AppliedMessage {
    const applied = this.cache.apply(message)
    for (const id of applied.changedMarketIds) this.changed.add(id)
    return applied
  }

  clocks() {
    return { initialClk: this.cache.initialClk, clk: this.cache.clk }
  }

  heartbeatMs() {
    return this.cache.heartbeatMs
  }

  takeAll(): CachedMarket[] {
    this.changed.clear()
    return this.take([...this.cache.markets.keys()])
  }

  takeChanged(): CachedMarket[] {
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
