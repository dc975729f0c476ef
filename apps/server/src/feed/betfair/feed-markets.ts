import type { FastifyBaseLogger } from 'fastify'
import type { FeedUpdate } from '../feed-adapter'
import { catalogueOf, resultOf, unsupportedReason } from './catalogue-of'
import { CricketScores } from './cricket-scores'
import { type AppliedMessage, type CachedMarket, MarketCache } from './market-cache'
import type { MarketNames } from './market-names'
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
  private readonly names = new Map<string, MarketNames>()
  private readonly namesAsked = new Set<string>()

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
    const update = catalogueOf(markets, at, shiftMs, this.names)
    for (const market of markets) {
      if (market.definition && resultOf(market.definition) !== null) {
        this.cache.drop(market.id)
        this.names.delete(market.id)
        this.namesAsked.delete(market.id)
      }
    }
    return { ...update, scores: this.scores.takeChanged(shiftMs) }
  }

  /**
   * Carried markets whose definition has no names (the live stream sends none) and that no
   * lookup has asked for yet; they count as asked from now on.
   */
  takeUnnamed(limit: number): string[] {
    const ids: string[] = []
    for (const [id, market] of this.cache.markets) {
      if (ids.length >= limit) break
      const definition = market.definition
      if (!definition || definition.name || this.namesAsked.has(id) || this.skipped.has(id))
        continue
      if (unsupportedReason(definition) !== null) continue
      this.namesAsked.add(id)
      ids.push(id)
    }
    return ids
  }

  /** A lookup failed: these may be asked for again. */
  unask(ids: readonly string[]) {
    for (const id of ids) this.namesAsked.delete(id)
  }

  /** Names arrived: the markets go out again with them. */
  setNames(names: ReadonlyMap<string, MarketNames>) {
    for (const [id, n] of names) {
      this.names.set(id, n)
      if (this.cache.markets.has(id)) this.changed.add(id)
    }
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
    }
    return markets
  }
}
