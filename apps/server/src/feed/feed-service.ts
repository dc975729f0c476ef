import type { FeedStatus } from '@backlay/contract/feed-report'
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { Clock } from '../clock'
import { catalogRepository } from '../db/repositories/catalog'
import type { Database } from '../db/schema'
import { asApplied, type FeedAdapter, type FeedUpdate, isEmptyUpdate } from './feed-adapter'

export type FeedListener = (update: FeedUpdate) => void

/**
 * Runs a feed adapter: writes each batch to the catalogue in one transaction, then tells the
 * subscribers (stream, market maker, settlement) what changed. Ticks never overlap; a slow
 * database simply makes the next tick carry more.
 */
export class FeedService {
  private readonly listeners = new Set<FeedListener>()
  private timer: NodeJS.Timeout | null = null
  private inFlight: Promise<FeedUpdate> | null = null
  /** Clock time the adapter last answered (its snapshot or a poll), whatever it carried. */
  lastAnsweredAt: number | null = null
  /** Whether the feed polls by itself (FEED_TICK_MS > 0) rather than only on demand. */
  ticking = false

  /** Seconds since a ticking feed last answered; null for a feed that only answers on demand. */
  silenceSeconds(): number | null {
    return this.ticking ? (this.clock.now() - (this.lastAnsweredAt ?? 0)) / 1000 : null
  }

  /** A replay's progress and skipped lines; undefined for a feed that is not a replay. */
  replayReport() {
    return this.adapter.replayReport?.()
  }

  /** The operator's view of the feed, given how many markets of the catalogue are open. */
  status(openMarkets: number): FeedStatus {
    const { source, state, lastMessageAt } = this.adapter.describe()
    const replay = this.adapter.replayReport?.()
    return {
      kind: this.adapter.name,
      source,
      state,
      lastMessageAt,
      lagSeconds:
        replay || lastMessageAt === null ? null : (this.clock.now() - lastMessageAt) / 1000,
      openMarkets,
      ...(replay ? { replay } : {}),
    }
  }

  constructor(
    private readonly adapter: FeedAdapter,
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Ingests the adapter's snapshot (so the catalogue is complete before serving), then ticks every `tickMs` (0: only on demand). */
  async start(tickMs: number): Promise<FeedUpdate> {
    const openEventIds = await catalogRepository(this.db).listOpenEventIds()
    const snapshot = await this.ingest(await this.adapter.snapshot(this.clock.now(), openEventIds))
    this.lastAnsweredAt = this.clock.now()
    this.log.info(
      { feed: this.adapter.name, events: snapshot.events.length, markets: snapshot.markets.length },
      'feed snapshot ingested',
    )
    if (tickMs > 0) {
      this.ticking = true
      this.timer = setInterval(() => {
        if (this.inFlight) return
        this.tick().catch((err) => this.log.error({ err }, 'feed tick failed'))
      }, tickMs)
    }
    return snapshot
  }

  /** One poll → ingest → notify cycle; tests call it directly with a manual clock. */
  async tick(): Promise<FeedUpdate> {
    if (this.inFlight) return this.inFlight
    this.inFlight = (async () => {
      const update = await this.adapter.poll(this.clock.now())
      this.lastAnsweredAt = this.clock.now()
      return isEmptyUpdate(update) ? update : this.ingest(update)
    })()
    try {
      return await this.inFlight
    } finally {
      this.inFlight = null
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    await this.inFlight?.catch(() => undefined)
    await this.adapter.close?.()
  }

  /** Called after each batch is committed; returns the unsubscribe function. */
  subscribe(listener: FeedListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Writes the batch and tells the subscribers; answers the batch as applied (operator holds). */
  private async ingest(batch: FeedUpdate): Promise<FeedUpdate> {
    const catalog = catalogRepository(this.db)
    const update = await this.db.transaction().execute(async (trx) => {
      const states = await catalog.listSettledStates(
        batch.markets.map((m) => m.id),
        trx,
      )
      const update = asApplied(batch, states)
      await catalog.upsertSports(update.sports, trx)
      await catalog.upsertCompetitions(update.competitions, trx)
      await catalog.upsertEvents(update.events, trx)
      await catalog.upsertMarkets(update.markets, trx, update.at)
      const closing = update.markets.filter((m) => m.status === 'CLOSED').map((m) => m.id)
      await catalog.upsertRunners(update.runners, trx, closing)
      await catalog.upsertScores(update.scores, trx)
      return update
    })
    for (const listener of this.listeners) {
      try {
        listener(update)
      } catch (err) {
        // A subscriber's bug must not stop prices for everyone else.
        this.log.error({ err }, 'feed listener failed')
      }
    }
    return update
  }
}
