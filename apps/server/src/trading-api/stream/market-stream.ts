import type { MarketChange } from '@backlay/contract/betfair-stream'
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { ladderChannel, marketChannel } from '../../stream/channels'
import type { MessageBus } from '../../stream/message-bus'
import {
  imageOf,
  type MarketDataView,
  type MarketImage,
  type MarketSnapshot,
  marketChangeOf,
} from './market-changes'
import {
  type MarketFacts,
  type SnapshotReads,
  snapshotOf,
  storedLastTraded,
} from './market-snapshots'

/** Snapshots kept per market, so a client resuming on a recent clock gets deltas. */
const HISTORY = 32
/** A market nobody follows is kept this long, for a client that reconnects to resume on it. */
const RESUME_WINDOW_MS = 60_000

/** A market's state at one clock, with each view's image of it drawn once. */
interface Moment {
  readonly clk: number
  readonly snapshot: MarketSnapshot
  readonly images: Map<string, MarketImage>
  /** Each view's change to here from an earlier moment (or from nothing), as JSON. */
  readonly changes: Map<string, string | null>
}

interface Followed {
  readonly facts: MarketFacts
  readonly history: Moment[]
  readonly lastTraded: Map<string, number>
  readonly followers: Set<MarketFollower>
  /** When its last follower left (performance.now()); null while followed. */
  idleSince: number | null
  readonly unsubscribe: () => void
}

/** Who follows markets: a connection's market subscription (esa-connection.ts). */
export interface MarketFollower {
  /** Markets of its subscription moved; it writes now or at its next conflation. */
  moved(marketIds: readonly string[]): void
}

/**
 * The markets the stream's subscribers follow: each one's snapshots, rebuilt once per batch of
 * changes the exchange publishes (bus `market:` and `ladder:` channels), numbered by one clock,
 * and the changes between them drawn once per view however many sockets share it.
 */
export class MarketStream {
  private readonly markets = new Map<string, Followed>()
  private readonly dirty = new Set<string>()
  private flushing: Promise<void> | null = null
  private clock = 0
  /** The clock every follower has been told of: frames carry it, so a resume misses nothing. */
  private published = 0
  /** Clocks of another process's run cannot be resumed here: they carry this run's mark. */
  readonly run = Date.now().toString(36)

  constructor(
    private readonly deps: {
      db: Kysely<Database>
      engine: SnapshotReads
      bus: MessageBus
      log: FastifyBaseLogger
    },
  ) {}

  clk(): string {
    return `${this.run}-${this.published}`
  }

  /** The clock number of a token this run gave, or null (another run's, or not a token). */
  clockOf(token: string | undefined): number | null {
    const match = token ? /^([0-9a-z]+)-(\d+)$/.exec(token) : null
    return match?.[1] === this.run && Number(match[2]) <= this.published ? Number(match[2]) : null
  }

  /** Starts following `facts`' markets for `follower`; resolves once each has a snapshot. */
  async follow(follower: MarketFollower, facts: readonly MarketFacts[]): Promise<void> {
    await Promise.all(
      facts.map(async (f) => {
        let market = this.markets.get(f.id)
        if (!market) {
          market = this.startFollowing(f)
          this.markets.set(f.id, market)
          const first = await this.moment(market)
          if (first) market.history.push(first)
        }
        market.followers.add(follower)
        market.idleSince = null
      }),
    )
  }

  unfollow(follower: MarketFollower, marketIds: Iterable<string>) {
    const now = performance.now()
    for (const id of marketIds) {
      const market = this.markets.get(id)
      if (!market) continue
      market.followers.delete(follower)
      if (market.followers.size === 0) market.idleSince = now
    }
    this.sweep(now)
  }

  /** Stops following markets nobody has followed for the resume window. */
  private sweep(now: number) {
    for (const [id, market] of this.markets) {
      if (market.idleSince === null || now - market.idleSince < RESUME_WINDOW_MS) continue
      market.unsubscribe()
      this.markets.delete(id)
    }
  }

  /** A market's latest moment, or the one that was current at clock `at`. */
  momentOf(marketId: string, at?: number): Moment | undefined {
    const history = this.markets.get(marketId)?.history ?? []
    if (at === undefined) return history.at(-1)
    return history.findLast((m) => m.clk <= at)
  }

  /** `view`'s change of a market from moment `from` (none: its image) to `to`, as JSON or null. */
  changeJson(
    marketId: string,
    from: Moment | undefined,
    to: Moment,
    view: MarketDataView,
  ): string | null {
    const key = `${view.key}@${from?.clk ?? 'img'}`
    const kept = to.changes.get(key)
    if (kept !== undefined) return kept
    const before = from ? this.imageAt(from, view) : undefined
    const change: MarketChange | null = marketChangeOf(
      marketId,
      before,
      this.imageAt(to, view),
      view,
    )
    const history = this.markets.get(marketId)?.history ?? []
    // Moments skipped in between were merged into this change: Betfair marks it conflated.
    const skipped = from !== undefined && history.some((m) => m.clk > from.clk && m.clk < to.clk)
    const json = change ? JSON.stringify(skipped ? { ...change, con: true } : change) : null
    to.changes.set(key, json)
    return json
  }

  private imageAt(moment: Moment, view: MarketDataView): MarketImage {
    const key = view.key
    let image = moment.images.get(key)
    if (!image) {
      image = imageOf(moment.snapshot, view)
      moment.images.set(key, image)
    }
    return image
  }

  private startFollowing(facts: MarketFacts): Followed {
    const lastTraded = new Map<string, number>()
    const onMessage = (message: unknown) => {
      const trades = message as { type?: string; trades?: { selectionId: string; price: number }[] }
      if (trades.type === 'trades')
        for (const t of trades.trades ?? []) lastTraded.set(t.selectionId, t.price)
      this.dirty.add(facts.id)
      this.scheduleFlush()
    }
    const offMarket = this.deps.bus.subscribe(marketChannel(facts.id), onMessage)
    const offLadder = this.deps.bus.subscribe(ladderChannel(facts.id), onMessage)
    const followed: Followed = {
      facts,
      history: [],
      lastTraded,
      followers: new Set(),
      idleSince: null,
      unsubscribe: () => {
        offMarket()
        offLadder()
      },
    }
    return followed
  }

  private async moment(market: Followed): Promise<Moment | undefined> {
    if (market.history.length === 0)
      for (const [id, price] of await storedLastTraded(this.deps.db, market.facts.id))
        if (!market.lastTraded.has(id)) market.lastTraded.set(id, price)
    const snapshot = await snapshotOf(this.deps.engine, market.facts, market.lastTraded)
    if (!snapshot) return undefined
    this.clock++
    return { clk: this.clock, snapshot, images: new Map(), changes: new Map() }
  }

  private scheduleFlush() {
    if (this.flushing) return
    // After the publishing code's own turn (a commit publishes its changes together), not
    // behind the I/O waiting: the change goes out before anything else the process has queued.
    this.flushing = Promise.resolve()
      .then(() => this.flush())
      .catch((err) => this.deps.log.error({ err }, 'stream market snapshot failed'))
      .finally(() => {
        this.flushing = null
        if (this.dirty.size > 0) this.scheduleFlush()
      })
  }

  /** Waits until every published change has reached the followers (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.flushing) await this.flushing
  }

  private async flush() {
    this.sweep(performance.now())
    const ids = [...this.dirty]
    this.dirty.clear()
    const moved = new Map<MarketFollower, string[]>()
    await Promise.all(
      ids.map(async (id) => {
        const market = this.markets.get(id)
        if (!market) return
        const moment = await this.moment(market)
        if (!moment) return
        market.history.push(moment)
        if (market.history.length > HISTORY) market.history.shift()
        for (const follower of market.followers) {
          const list = moved.get(follower) ?? []
          list.push(id)
          moved.set(follower, list)
        }
      }),
    )
    // A change sent again is harmless (each carries sizes, not increments); one missed is not.
    this.published = this.clock
    for (const [follower, marketIds] of moved) follower.moved(marketIds)
  }
}
