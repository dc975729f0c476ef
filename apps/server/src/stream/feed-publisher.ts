import type { Fancy } from '@backlay/contract/match-details'
import { paiseToRupees } from '@backlay/contract/money'
import type { PricesMessage, StatusMessage } from '@backlay/contract/stream'
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { MarketInput, RunnerInput } from '../db/repositories/catalog'
import type { Database } from '../db/schema'
import type { FeedUpdate } from '../feed/feed-adapter'
import type { MarketBooks } from '../markets/market-books'
import { isExchangeKind } from '../markets/market-state'
import { priceCells } from '../use-cases/market-prices'
import { fancyLine, groupBy } from '../use-cases/match-details'
import { fancyChannel, marketChannel } from './channels'
import type { MessageBus } from './message-bus'

interface Deps {
  db: Kysely<Database>
  books: MarketBooks
  bus: MessageBus
  log: FastifyBaseLogger
}

/**
 * Turns feed batches into stream messages: status / in-play / bet-delay / runner-status
 * changes of every market, prices of markets quoted by the feed (bookmaker, and exchange
 * markets no book holds), and the changed session lines of each match. Exchange prices of a
 * held book come from the books themselves. Batches are published in order, one at a time.
 */
export function feedPublisher(deps: Deps): (update: FeedUpdate) => void {
  const lastState = new Map<string, string>()
  const lastRunnerStatus = new Map<string, string>()
  let chain: Promise<void> = Promise.resolve()

  const publishMarket = (m: MarketInput, runners: readonly RunnerInput[]) => {
    // In a cluster every node reads the feed; the market's own node speaks for it.
    if (!deps.books.owns(m.id)) return
    const channel = marketChannel(m.id)
    const change: Omit<StatusMessage, 'type' | 'market_id' | 'seq'> = {}
    const state = `${m.status}|${m.inplay}|${m.betDelaySeconds}`
    const before = lastState.get(m.id)?.split('|')
    if (lastState.get(m.id) !== state) {
      if (before?.[0] !== m.status) change.status = m.status
      if (before?.[1] !== String(m.inplay)) change.inplay = m.inplay
      if (before?.[2] !== String(m.betDelaySeconds)) change.betDelay = m.betDelaySeconds
      lastState.set(m.id, state)
    }
    if (runners.length > 0) {
      const statuses = runners.map((r) => `${r.selectionId}:${r.status}`).join(',')
      if (lastRunnerStatus.get(m.id) !== statuses) {
        change.runners = runners.map((r) => ({ selectionId: r.selectionId, status: r.status }))
        lastRunnerStatus.set(m.id, statuses)
      }
    }
    if (Object.keys(change).length > 0)
      deps.bus.publish(channel, { type: 'status', market_id: m.id, ...change })
    if (m.status === 'CLOSED') {
      lastState.delete(m.id)
      lastRunnerStatus.delete(m.id)
      return
    }
    // Asking without loading: a feed batch must not make the books load and quote every market.
    const quotedByFeed = !isExchangeKind(m.kind) || !deps.books.holds(m.id)
    if (runners.length > 0 && quotedByFeed) {
      const prices: Omit<PricesMessage, 'seq'> = {
        type: 'prices',
        market_id: m.id,
        runners: runners.map((r) => ({
          selectionId: r.selectionId,
          availableToBack: priceCells(m.kind, r.back),
          availableToLay: priceCells(m.kind, r.lay),
          tradedVolume: paiseToRupees(r.tradedVolume),
        })),
      }
      deps.bus.publish(channel, prices)
    }
  }

  const publishSessions = async (
    sessions: readonly MarketInput[],
    runners: ReadonlyMap<string, RunnerInput[]>,
  ) => {
    // A status-only change (a suspension) travels without its runner: read the line's quote.
    const missing = sessions.filter((s) => !runners.has(s.id)).map((s) => s.id)
    const stored = missing.length
      ? groupBy(
          await deps.db
            .selectFrom('runners')
            .select(['market_id', 'status', 'back', 'lay'])
            .where('market_id', 'in', missing)
            .execute(),
          (r) => r.market_id,
        )
      : new Map()
    const matchIds = [...new Set(sessions.map((s) => s.eventId))]
    const sports = new Map(
      (
        await deps.db
          .selectFrom('events')
          .select(['id', 'sport_id'])
          .where('id', 'in', matchIds)
          .execute()
      ).map((e) => [e.id, e.sport_id]),
    )
    for (const [matchId, lines] of groupBy(sessions, (s) => s.eventId)) {
      const fancies: Fancy[] = []
      const removed: string[] = []
      for (const s of lines) {
        if (s.status === 'CLOSED') {
          removed.push(s.id)
          continue
        }
        const runner = runners.get(s.id)?.[0] ?? stored.get(s.id)?.[0]
        fancies.push(
          fancyLine(
            {
              id: s.id,
              event_id: s.eventId,
              name: s.name,
              status: s.status,
              inplay: s.inplay,
              bet_delay_seconds: s.betDelaySeconds,
              sort_priority: s.sortPriority,
            },
            runner,
            sports.get(matchId) ?? '',
          ),
        )
      }
      deps.bus.publish(fancyChannel(matchId), {
        type: 'fancy',
        match_id: matchId,
        image: false,
        fancies,
        removed,
      })
    }
  }

  const publish = async (update: FeedUpdate) => {
    const runners = groupBy(update.runners, (r) => r.marketId)
    const sessions: MarketInput[] = []
    for (const m of update.markets) {
      if (m.kind === 'SESSION') {
        if (deps.books.owns(m.eventId)) sessions.push(m)
      } else publishMarket(m, runners.get(m.id) ?? [])
    }
    if (sessions.length > 0) await publishSessions(sessions, runners)
  }

  return (update) => {
    chain = chain
      .then(() => publish(update))
      .catch((err) => deps.log.error({ err }, 'stream: publishing a feed batch failed'))
  }
}
