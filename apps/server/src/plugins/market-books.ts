import { hostname } from 'node:os'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { ClusterExchange } from '../cluster/cluster-exchange'
import { connectDatabase } from '../db/connect'
import type { FeedUpdate } from '../feed/feed-adapter'
import { ensureHouseAccounts } from '../markets/accounts'
import { AutoCashOuts } from '../markets/auto-cash-out'
import { traderOf } from '../markets/bet-http'
import { readCatalogueMarkets } from '../markets/catalogue'
import { ExchangeEngine } from '../markets/exchange-engine'
import { houseQuotes, matchOddsMarketIdsOf } from '../markets/house-lines'
import { marketsWithRestingOrders } from '../markets/in-play'
import type { MarketBooks } from '../markets/market-books'
import { EXCHANGE_KINDS, isExchangeKind } from '../markets/market-state'
import { applyPendingRemovals } from '../markets/non-runner'
import { settleClosedMarkets } from '../markets/settlement'

declare module 'fastify' {
  interface FastifyInstance {
    books: MarketBooks
    /** The same object as `books`, with the placement, cancel, cash-out and settlement calls. */
    exchange: ExchangeEngine
    /** Players' automatic cash-outs (markets/auto-cash-out.ts). */
    autoCashOuts: AutoCashOuts
    /** The feed's background jobs (settlement, quotes, non-runners): `idle()` waits them out. */
    marketJobs: { idle(): Promise<void> }
  }
}

/**
 * The live exchange: the engine (books rebuilt from the store on first use), the market maker
 * driven by the feed, non-runners and the settlement job. With a ticking feed every open exchange market is
 * quoted at start; with FEED_TICK_MS=0 (tests) a market is quoted when it is first traded.
 */
export const marketBooksPlugin = fp(
  async (app: FastifyInstance) => {
    const observeGroup = (entries: number, seconds: number) =>
      app.metrics.observeGroupCommit(entries, seconds)
    const { DATABASE_URL } = app.config
    const leaseDb =
      app.nats && DATABASE_URL
        ? await connectDatabase({ kind: 'postgres', url: DATABASE_URL, poolSize: 1 })
        : null
    const engine =
      app.nats && leaseDb
        ? new ClusterExchange(
            app.db,
            app.clock,
            app.bus,
            app.log,
            app.nats,
            leaseDb,
            `${hostname()}:${app.config.PORT}`,
            observeGroup,
          )
        : new ExchangeEngine(app.db, app.clock, app.bus, app.log, observeGroup, app.ownWrites)
    app.decorate('books', engine)
    app.decorate('exchange', engine)
    const autoCashOuts = new AutoCashOuts(
      app.db,
      app.clock,
      app.bus,
      engine,
      (userId) => traderOf(app, userId),
      app.log,
    )
    app.decorate('autoCashOuts', autoCashOuts)
    await ensureHouseAccounts(app.db)

    let stopping = false
    let work: Promise<unknown> = Promise.resolve()
    /** Market-maker and settlement jobs run one after another, never flooding the pool. */
    const enqueue = (job: () => Promise<unknown>) => {
      work = work
        .then(() => (stopping ? undefined : job()))
        .catch((err) => {
          app.log.error({ err }, 'exchange background job failed')
        })
      return work
    }
    app.decorate('marketJobs', {
      // A job can queue another (a batch's settlement after its removals): wait until none did.
      async idle() {
        for (let seen = null as unknown; seen !== work; ) {
          seen = work
          await work
        }
      },
    })
    /**
     * One tick's changed markets: read together and requoted at once, so their writes share the
     * engine's group transactions; the engine skips those whose quote is unchanged.
     */
    const requoteAll = async (marketIds: readonly string[]) => {
      const owned = marketIds.filter((id) => engine.owns(id))
      const markets = [...(await readCatalogueMarkets(app.db, owned)).values()]
      const quotes = await houseQuotes(app.db, markets)
      if (stopping) return
      await Promise.all([...quotes].map(([id, legs]) => engine.requote(id, legs)))
    }
    const quoting = new Map<string, Promise<void>>()
    engine.beforeTrade = (marketId) => {
      if (engine.quoted.has(marketId)) return Promise.resolve()
      const running = quoting.get(marketId)
      if (running) return running
      const first = (app.feed ? requoteAll([marketId]) : Promise.resolve()).finally(() => {
        engine.quoted.add(marketId)
        quoting.delete(marketId)
      })
      quoting.set(marketId, first)
      return first
    }

    // Status and feed-quoted prices reach the stream through its own feed publisher; here the
    // feed drives settlement and the market maker's quotes.
    // Betfair names a withdrawn runner in every later batch of its market: only a removal this
    // process has not seen yet sends the exchange looking for what to apply.
    const removalsSeen = new Set<string>()
    const onFeed = (update: FeedUpdate) => {
      const fresh = update.runners
        .filter((r) => r.removal)
        .map((r) => `${r.marketId}:${r.selectionId}`)
        .filter((key) => !removalsSeen.has(key))
      // Non-runners first: a market the same batch closes settles on the cut prices. A failed
      // application is looked for again with the next batch that names the runner.
      if (fresh.length > 0) {
        for (const key of fresh) removalsSeen.add(key)
        enqueue(() =>
          applyPendingRemovals(engine).catch((err) => {
            for (const key of fresh) removalsSeen.delete(key)
            throw err
          }),
        )
      }
      let closed = false
      const changed = new Set<string>()
      const bookmakerEvents = new Set<string>()
      for (const m of update.markets) {
        if (m.status === 'CLOSED') closed = true
        else if (isExchangeKind(m.kind)) {
          changed.add(m.id)
          if (m.inplay && engine.owns(m.id)) enqueue(() => engine.turnInPlay(m.id))
        } else if (m.kind === 'BOOKMAKER') bookmakerEvents.add(m.eventId)
      }
      if (closed) enqueue(() => settleClosedMarkets(app, app.db))
      if (changed.size === 0 && bookmakerEvents.size === 0) return
      enqueue(async () => {
        // A moved bookmaker line moves the bounds of its match's exchange quote too.
        for (const id of await matchOddsMarketIdsOf(app.db, [...bookmakerEvents])) changed.add(id)
        const quoted = [...changed].filter((marketId) => engine.quoted.has(marketId))
        if (quoted.length > 0) await requoteAll(quoted)
      })
    }

    if (app.feed) {
      const unsubscribe = app.feed.subscribe(onFeed)
      app.addHook('preClose', async () => {
        unsubscribe()
      })
    }
    app.addHook('onReady', async () => {
      if (engine instanceof ClusterExchange) engine.start()
      enqueue(() => applyPendingRemovals(engine))
      enqueue(() => settleClosedMarkets(app, app.db))
      enqueue(() => autoCashOuts.start())
      // Markets with players' resting orders are held from the start (see the query).
      enqueue(async () => {
        for (const marketId of await marketsWithRestingOrders(app.db)) {
          if (stopping) return
          if (engine.owns(marketId)) await engine.restore(marketId)
        }
      })
      if (app.feed && app.config.FEED_TICK_MS > 0) {
        enqueue(async () => {
          const open = await app.db
            .selectFrom('markets')
            .select('id')
            .where('status', '<>', 'CLOSED')
            .where('kind', 'in', EXCHANGE_KINDS)
            .execute()
          for (const { id } of open) {
            if (stopping) return
            await engine.beforeTrade(id)
          }
        })
      }
    })
    app.addHook('preClose', async () => {
      stopping = true
      await work
      await autoCashOuts.stop()
      // A cluster node hands its markets over before it exits: no bet fails in a rolling restart.
      if (engine instanceof ClusterExchange) await engine.stop()
      await leaseDb?.destroy()
      await engine.idle()
    })
  },
  {
    name: 'market-books',
    dependencies: ['metrics', 'app-context', 'database', 'message-bus', 'feed'],
  },
)
