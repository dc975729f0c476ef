import type {
  CompetitionInput,
  EventInput,
  MarketInput,
  RunnerInput,
  SportInput,
} from '../db/repositories/catalog'

/**
 * A batch of catalogue state from a feed: only what changed since the previous batch, except
 * the first (a full snapshot). A market's runners travel with it whenever its prices change.
 */
export interface FeedUpdate {
  /** Feed time (epoch ms) the batch describes. */
  at: number
  sports: SportInput[]
  competitions: CompetitionInput[]
  events: EventInput[]
  markets: MarketInput[]
  runners: RunnerInput[]
}

/**
 * Where fixtures and prices come from. The server asks for a snapshot once at start, then polls
 * on its own timer; a push-based provider buffers between polls. The built-in simulator is the
 * default; a real provider implements the same two calls.
 */
export interface FeedAdapter {
  readonly name: string
  /**
   * Everything the feed currently knows (fixtures of its window, their markets and prices),
   * plus the current state of each event the store still holds open, even one the window has
   * left behind (so it can close after a long stop).
   */
  snapshot(now: number, openEventIds: readonly string[]): Promise<FeedUpdate>
  /** Changes since the previous call. */
  poll(now: number): Promise<FeedUpdate>
}

export const emptyUpdate = (at: number): FeedUpdate => ({
  at,
  sports: [],
  competitions: [],
  events: [],
  markets: [],
  runners: [],
})

export const isEmptyUpdate = (u: FeedUpdate) =>
  u.sports.length +
    u.competitions.length +
    u.events.length +
    u.markets.length +
    u.runners.length ===
  0

/**
 * The batch as the exchange must apply it: a market an operator holds stays SUSPENDED whatever
 * the feed says, unless the feed closes it with a result.
 */
export const withOperatorHolds = (u: FeedUpdate, held: ReadonlySet<string>): FeedUpdate =>
  held.size === 0
    ? u
    : {
        ...u,
        markets: u.markets.map((m) =>
          held.has(m.id) && m.status !== 'CLOSED' ? { ...m, status: 'SUSPENDED' } : m,
        ),
      }
