import type { FeedKind, FeedState, ReplayReport } from '@backlay/contract/feed-report'
import type {
  CompetitionInput,
  EventInput,
  EventScoreInput,
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
  /** Live scores, from a feed that has them. */
  scores: EventScoreInput[]
}

/**
 * Where fixtures and prices come from. The server asks for a snapshot once at start, then polls
 * on its own timer; a push-based provider buffers between polls. The built-in simulator is the
 * default; a real provider implements the same two calls.
 */
/** What an adapter says of itself for the operator's feed view. */
export interface FeedDescription {
  source: string
  state: FeedState
  /** Epoch ms of its last message, null before any. */
  lastMessageAt: number | null
}

export interface FeedAdapter {
  readonly name: FeedKind
  /**
   * Everything the feed currently knows (fixtures of its window, their markets and prices),
   * plus the current state of each event the store still holds open, even one the window has
   * left behind (so it can close after a long stop).
   */
  snapshot(now: number, openEventIds: readonly string[]): Promise<FeedUpdate>
  /** Changes since the previous call. */
  poll(now: number): Promise<FeedUpdate>
  /** Lets go of connections and timers (a push-based provider); the service is stopping. */
  close?(): Promise<void>
  describe(): FeedDescription
  /** A replay of files: how far it has got and what it skipped. */
  replayReport?(): ReplayReport | undefined
}

export const emptyUpdate = (at: number): FeedUpdate => ({
  at,
  sports: [],
  competitions: [],
  events: [],
  markets: [],
  runners: [],
  scores: [],
})

export const isEmptyUpdate = (u: FeedUpdate) =>
  u.sports.length +
    u.competitions.length +
    u.events.length +
    u.markets.length +
    u.runners.length +
    u.scores.length ===
  0

/**
 * The batch as the exchange must apply it: a market already closed never changes again (a
 * replay or a late message leaves it as it settled), and a market an operator holds stays
 * SUSPENDED whatever the feed says, unless the feed closes it with a result.
 */
export const asApplied = (
  u: FeedUpdate,
  states: { held: ReadonlySet<string>; closed: ReadonlySet<string> },
): FeedUpdate =>
  states.held.size + states.closed.size === 0
    ? u
    : {
        ...u,
        markets: u.markets
          .filter((m) => !states.closed.has(m.id))
          .map((m) =>
            states.held.has(m.id) && m.status !== 'CLOSED' ? { ...m, status: 'SUSPENDED' } : m,
          ),
        runners: u.runners.filter((r) => !states.closed.has(r.marketId)),
      }
