import type { CricketChangeMessage, MarketChangeMessage } from '@backlay/contract/betfair-stream'
import type { FastifyBaseLogger } from 'fastify'
import type { FeedUpdate } from '../feed-adapter'
import {
  catalogueOf,
  type LastTradedQuotes,
  raceIdOf,
  raceNameOf,
  resultOf,
  unsupportedReason,
} from './catalogue-of'
import { CricketScores } from './cricket-scores'
import { type AppliedMessage, type CachedMarket, MarketCache } from './market-cache'
import type { MarketNames } from './market-names'

/**
 * The market cache as a feed sees it: which markets (and cricket scores) changed since the feed
 * service last asked, minus markets we do not carry. A closed market is handed over one last
 * time (when we carry it) and then forgotten, so a stream that runs for weeks does not grow.
 */
export class FeedMarkets {
  private readonly cache = new MarketCache()
  private readonly scores = new CricketScores()
  private readonly changed = new Set<string>()
  /** Carried markets whose definition came without names and that no lookup has asked for. */
  private readonly unnamed = new Set<string>()
  private readonly names = new Map<string, MarketNames>()
  /** Races' names from their win markets, for the races' other markets (raceNameOf). */
  private readonly raceNames = new Map<string, string>()

  constructor(
    private readonly log: FastifyBaseLogger,
    /** A replay's quotes for runners with only a last traded price; a live stream has ladders. */
    private readonly quotes?: LastTradedQuotes,
  ) {}

  apply(message: MarketChangeMessage): AppliedMessage {
    const applied = this.cache.apply(message)
    for (const id of applied.changedMarketIds) {
      this.changed.add(id)
      const definition = this.cache.markets.get(id)?.definition
      if (definition && !definition.name && !this.names.has(id) && !unsupportedReason(definition))
        this.unnamed.add(id)
    }
    return applied
  }

  applyCricket(message: CricketChangeMessage) {
    this.scores.apply(message.pt, message.cc)
  }

  /** Our catalogue rows for everything (`all`) or for what changed since the last call. */
  update(at: number, shiftMs: number, all: boolean): FeedUpdate {
    const ids = all ? [...this.cache.markets.keys()] : [...this.changed]
    this.changed.clear()
    const markets = this.carried(ids)
    for (const market of markets) {
      const race = market.definition && raceNameOf(market.definition)
      if (race) this.raceNames.set(...race)
    }
    const update = catalogueOf(markets, at, shiftMs, {
      names: this.names,
      raceNames: this.raceNames,
      ...(this.quotes ? { quotes: this.quotes } : {}),
    })
    for (const market of markets) if (closed(market)) this.forget(market.id)
    return { ...update, scores: this.scores.takeChanged(shiftMs) }
  }

  /** Up to `limit` markets to ask names for; they count as asked from now on. */
  takeUnnamed(limit: number): string[] {
    const ids = [...this.unnamed].slice(0, limit)
    for (const id of ids) this.unnamed.delete(id)
    return ids
  }

  /** A lookup failed: these may be asked for again. */
  unask(ids: readonly string[]) {
    for (const id of ids) if (this.cache.markets.has(id)) this.unnamed.add(id)
  }

  /** Names arrived: the markets go out again with them. */
  setNames(names: ReadonlyMap<string, MarketNames>) {
    for (const [id, n] of names) {
      if (!this.cache.markets.has(id)) continue
      this.names.set(id, n)
      this.changed.add(id)
    }
  }

  clocks() {
    return { initialClk: this.cache.initialClk, clk: this.cache.clk }
  }

  heartbeatMs() {
    return this.cache.heartbeatMs
  }

  /** Publish time of the stream's last message, heartbeats included. */
  lastPublishTime() {
    return this.cache.lastPublishTime
  }

  /** The markets of `ids` we carry; one we do not is forgotten once it closes. */
  private carried(ids: readonly string[]): CachedMarket[] {
    const markets: CachedMarket[] = []
    for (const id of ids) {
      const market = this.cache.markets.get(id)
      const definition = market?.definition
      if (!market || !definition) continue
      const reason = unsupportedReason(definition)
      if (reason === null) {
        markets.push(market)
        continue
      }
      this.log.debug({ marketId: id, reason }, 'feed market not carried')
      if (closed(market)) this.forget(id)
    }
    return markets
  }

  private forget(id: string) {
    const race = raceIdOf(this.cache.markets.get(id)?.definition)
    this.cache.drop(id)
    if (race && ![...this.cache.markets.values()].some((m) => raceIdOf(m.definition) === race))
      this.raceNames.delete(race)
    this.names.delete(id)
    this.unnamed.delete(id)
  }
}

const closed = (market: CachedMarket) =>
  market.definition !== null && resultOf(market.definition) !== null
