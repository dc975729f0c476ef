import {
  bookState,
  bookVersion,
  type MarketView,
  marketDepth,
  marketView,
  type Persistence,
} from '@backlay/exchange/order-book'
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { Clock } from '../clock'
import { batchedReader } from '../db/batched-reader'
import type { OwnWrites } from '../db/own-writes'
import type { Database } from '../db/schema'
import { fail, type Result } from '../result'
import type { MessageBus } from '../stream/message-bus'
import { ensureTradingAccounts } from './accounts'
import { type DelayState, placeThroughDelay, waitOnClock } from './bet-delay'
import { cancelOrders } from './cancel-orders'
import { cashOutLeg } from './cash-out-leg'
import { type CatalogueMarket, readCatalogueMarkets } from './catalogue'
import { lapseAtInPlay } from './in-play'
import { checkFancyLeg, checkOddsLegs, delayPending, marketOpen } from './leg-checks'
import type { MarketAccess } from './market-access'
import type { MarketBooks } from './market-books'
import { requoteMaker } from './market-maker'
import { MarketPublisher } from './market-publisher'
import { loadMarketState, type MarketState } from './market-state'
import { applyRemoval } from './non-runner'
import { changePersistence } from './order-persistence'
import { fancyWrites, oddsWrites } from './placement-writes'
import { TradeCommitter } from './trade-commit'
import {
  type FancyLeg,
  MarketMoved,
  type OddsLeg,
  type Placed,
  type PlaceOptions,
  type Plan,
  type Ready,
  TRADE_MSG,
  type Trader,
  type Waiting,
} from './trade-types'

/**
 * The live exchange of this process, and the owner of its markets: one in-memory state per market (book, positions), every
 * change to a market run one at a time through that market's queue, and every change written
 * in one database transaction together with its ledger posting. When a transaction fails the
 * market is reloaded from the store, so memory never keeps what the store does not have.
 *
 * Funds: the exposure posting locks the user's cash and exposure rows (FOR UPDATE, in id
 * order), so two placements of one user — in any markets, in any process — serialise there, and
 * the ledger refuses cash below zero, which rolls the whole placement back.
 * Only the taker's accounts are locked: a maker whose order fills keeps holding what it
 * reserved (matching at its own price never raises its exposure), released on its next change
 * or at settlement; that keeps lock order trivial and the hot market-maker row out of trades.
 *
 * This file holds the markets' states and queues, loading and reloading, and the public calls
 * (place, cancel, requote, in-play, non-runners, positions, cash-out). Its rooms: leg-checks.ts
 * (what a placement must pass), placement-writes.ts (what it changes), trade-commit.ts and
 * trade-writes.ts (the one write path), cancel-orders.ts, in-play.ts, non-runner.ts,
 * market-maker.ts (requote), cash-out-leg.ts and market-publisher.ts (the bus messages).
 * Called by the bet, exchange and admin routes, the market-books plugin and settlement.
 */
export class ExchangeEngine implements MarketBooks, MarketAccess {
  private readonly states = new Map<string, MarketState>()
  private readonly queues = new Map<string, Promise<unknown>>()
  readonly lastQuotes = new Map<string, string>()
  /** Placements waiting for their market's next batch. */
  private readonly waiting = new Map<string, Waiting[]>()
  /**
   * Catalogue rows, read together for every market that asks in the same turn of the loop, and
   * kept until the store's catalogue changes when this process is its only writer.
   */
  readonly catalogueMarket: (marketId: string) => Promise<CatalogueMarket | undefined>
  readonly openedAccounts = new Set<string>()
  private readonly loading = new Set<string>()
  private readonly publisher: MarketPublisher
  readonly committer: TradeCommitter
  /**
   * Exchange markets the market maker has quoted since start (or that have no feed to quote
   * from); a market joins once its first quote is in the book.
   */
  readonly quoted = new Set<string>()
  /**
   * Runs before a trade or the first read of an exchange market, outside its queue: the plugin
   * quotes it first and adds it to `quoted`.
   */
  beforeTrade: (marketId: string) => Promise<void> = async () => {}

  constructor(
    readonly db: Kysely<Database>,
    readonly clock: Clock,
    readonly bus: MessageBus,
    readonly log: FastifyBaseLogger,
    observeGroup?: (entries: number, seconds: number) => void,
    ownWrites?: OwnWrites,
  ) {
    this.catalogueMarket = batchedReader(
      (ids: string[]) => readCatalogueMarkets(db, ids),
      ownWrites?.rows(['markets', 'runners', 'events']),
    )
    this.publisher = new MarketPublisher(bus, db, log)
    this.committer = new TradeCommitter(
      db,
      clock,
      this.fenceWrites?.bind(this),
      (marketId) => this.reload(marketId),
      (state, accepted, created, at) => {
        if (accepted.some((a) => a.writes.fills.length > 0)) this.lastQuotes.delete(state.id)
        this.publisher.publishCommit(state, accepted, created, at)
      },
      observeGroup,
    )
  }

  // ---- MarketBooks ----

  /**
   * The book of a quoted market. A market not quoted yet answers undefined (readers show the
   * feed's prices) and is loaded and quoted in the background, so the next read shows the book
   * with the market maker's offers rather than an empty ladder.
   */
  view(marketId: string): MarketView | undefined {
    const state = this.states.get(marketId)
    if (state?.book && this.quoted.has(marketId)) return marketView(state.book)
    if (!this.loading.has(marketId) && (!state || !this.quoted.has(marketId))) {
      this.loading.add(marketId)
      this.beforeTrade(marketId)
        .then(() => this.exclusive(marketId, async () => undefined))
        .catch((err) => this.log.error({ err, marketId }, 'loading a market failed'))
        .finally(() => this.loading.delete(marketId))
    }
    return undefined
  }

  /** The version of a quoted market's book (order-book bookVersion); undefined when not quoted. */
  bookVersion(marketId: string): number | undefined {
    const book = this.states.get(marketId)?.book
    return book && this.quoted.has(marketId) ? bookVersion(book) : undefined
  }

  holds(marketId: string): boolean {
    return Boolean(this.states.get(marketId)?.book) && this.quoted.has(marketId)
  }

  /** One process serves every market; a cluster node only its shards' (cluster/). */
  owns(_marketId: string): boolean {
    return true
  }

  /**
   * Runs inside every trade transaction before its writes: a cluster node checks there that it
   * still owns the markets (cluster/leases.ts), so a node that lost them cannot write.
   */
  protected fenceWrites?(trx: Kysely<Database>, marketIds: readonly string[]): Promise<void>

  sequence(marketId: string): number {
    return this.publisher.sequence(marketId)
  }

  /** Markets held in memory now. */
  loadedMarketIds(): string[] {
    return [...this.states.keys()]
  }

  // ---- the per-market queue ----

  /** Runs `work` after every earlier change of this market, with its state loaded. */
  exclusive<T>(marketId: string, work: (state: MarketState | undefined) => Promise<T>): Promise<T> {
    const previous = this.queues.get(marketId) ?? Promise.resolve()
    const run = previous.then(async () => {
      let state = this.states.get(marketId)
      if (!state) {
        state = await loadMarketState(this.db, marketId)
        // A market served elsewhere now is not kept: its owner changes it meanwhile.
        if (state && this.owns(marketId)) this.states.set(marketId, state)
        if (state?.book && (await this.catalogueMarket(marketId))?.inplay)
          await lapseAtInPlay(this.committer, state)
      }
      return work(state)
    })
    const settled = run.catch(() => undefined)
    this.queues.set(marketId, settled)
    void settled.then(() => {
      if (this.queues.get(marketId) === settled) this.queues.delete(marketId)
    })
    return run
  }

  /**
   * Loads a market into memory, as its first trade or read would: players' unmatched orders of a
   * market that went in-play meanwhile lapse now.
   */
  async restore(marketId: string): Promise<void> {
    await this.exclusive(marketId, async () => undefined)
  }

  /**
   * Drops a market from memory (settled), or reloads it from the store after a failed change.
   * A store that cannot be read now (a failover) leaves the market out of memory, to be loaded
   * when next used: memory must not keep the change the store did not take.
   */
  async reload(marketId: string): Promise<void> {
    this.lastQuotes.delete(marketId)
    const state = await loadMarketState(this.db, marketId).catch((error: unknown) => {
      this.states.delete(marketId)
      throw error
    })
    if (state && !state.settled && this.owns(marketId)) this.states.set(marketId, state)
    else this.states.delete(marketId)
  }

  /** Takes a market rebuilt from the store as the live one and publishes its prices. */
  adopt(state: MarketState) {
    this.lastQuotes.delete(state.id)
    if (state.settled) this.states.delete(state.id)
    else this.states.set(state.id, state)
    this.publisher.publishPrices(state)
  }

  forget(marketId: string) {
    this.states.delete(marketId)
  }

  /** Forgets every market `which` picks: its book, its quote and that it was quoted. */
  forgetWhere(which: (marketId: string) => boolean) {
    for (const id of [...this.states.keys(), ...this.quoted]) {
      if (!which(id)) continue
      this.states.delete(id)
      this.quoted.delete(id)
      this.lastQuotes.delete(id)
    }
  }

  /** Waits until every queued change has finished (shutdown, tests). */
  async idle(): Promise<void> {
    await this.idleWhere(() => true)
  }

  /** Waits until the queued changes of every market `which` picks have finished. */
  async idleWhere(which: (marketId: string) => boolean): Promise<void> {
    const busy = () => [...this.queues].filter(([id]) => which(id)).map(([, queue]) => queue)
    for (let queued = busy(); queued.length > 0; queued = busy()) await Promise.all(queued)
  }

  /** Places through the market's bet delay, on this engine's clock (bet-delay.ts). */
  withDelay<T>(place: (delayed: DelayState) => Promise<Result<T>>): Promise<Result<T>> {
    return placeThroughDelay(this.clock, place)
  }

  /** Sleeps `ms` of the injected clock (bet-delay.ts). */
  wait(ms: number): Promise<void> {
    return waitOnClock(this.clock, ms)
  }

  // ---- placement ----

  /**
   * Places every leg on one market or none (saveBet is one leg, saveHrBet up to four): the market
   * and prices are checked again now (after the delay), then match, rows and ledger commit together.
   */
  async placeOdds(
    trader: Trader,
    marketId: string,
    legs: readonly OddsLeg[],
    options: PlaceOptions = {},
  ): Promise<Result<Placed>> {
    await ensureTradingAccounts(this.db, trader.userId, trader.book, this.openedAccounts)
    await this.beforeTrade(marketId)
    return this.placeInBatch(marketId, (state, market) => ({
      state,
      trader,
      options,
      check: () =>
        marketOpen(market, state) ??
        checkOddsLegs(trader, market, state, legs) ??
        delayPending(market, options),
      change: (position) => oddsWrites(state, trader, position, legs, options, this.clock.now()),
    }))
  }

  async placeFancy(
    trader: Trader,
    marketId: string,
    leg: FancyLeg,
    options: PlaceOptions = {},
  ): Promise<Result<Placed>> {
    await ensureTradingAccounts(this.db, trader.userId, trader.book, this.openedAccounts)
    return this.placeInBatch(marketId, (state, market) => ({
      state,
      trader,
      options,
      check: () =>
        marketOpen(market, state) ??
        checkFancyLeg(trader, market, state, leg) ??
        delayPending(market, options),
      change: (position) => fancyWrites(state, position, leg),
    }))
  }

  /**
   * Group commit, twice over: placements arriving while their market is busy wait together for
   * the market's next turn, and the batches of every market ready in the same turn of the event
   * loop are written together (trade-commit.ts). Each placement is still all-or-nothing and its
   * funds are checked against the balances as the earlier placements of the group left them. A
   * refusal that cannot be taken back alone (after fills) undoes the group, and its placements
   * are then committed one by one.
   *
   * A placement is checked against the catalogue as it stood when the placement arrived: the row
   * is read then (one query for every placement of the same turn), while the market's earlier
   * batch is still being written, so the read costs a busy market no time of its own.
   */
  private placeInBatch(marketId: string, plan: Plan): Promise<Result<Placed>> {
    const market = this.catalogueMarket(marketId)
    // drain awaits the read later; until then a failed read must not count as unhandled.
    market.catch(() => undefined)
    return new Promise((resolve, reject) => {
      const waiting = this.waiting.get(marketId)
      if (waiting) {
        waiting.push({ plan, market, resolve, reject })
        return
      }
      this.waiting.set(marketId, [{ plan, market, resolve, reject }])
      this.exclusive(marketId, (state) => this.drain(marketId, state)).catch((error: unknown) => {
        // The market could not be loaded (the store is out): what waits for it hears so.
        const left = this.waiting.get(marketId) ?? []
        this.waiting.delete(marketId)
        for (const w of left) w.reject(error)
      })
    })
  }

  private async drain(marketId: string, loaded: MarketState | undefined): Promise<void> {
    const waiting = this.waiting.get(marketId) ?? []
    this.waiting.delete(marketId)
    const batch: Ready[] = []
    try {
      const markets = await Promise.all(waiting.map((w) => w.market))
      waiting.forEach((w, i) => {
        const market = markets[i]
        if (loaded && market) batch.push({ ...w, market })
        else w.resolve(fail('BET.MARKET_NOT_FOUND', TRADE_MSG.notFound))
      })
      if (loaded && batch.at(-1)?.market.inplay) await lapseAtInPlay(this.committer, loaded)
      if (!loaded || (await this.committer.commitWaiting(loaded, batch, true))) return
    } catch (error) {
      // Placements already answered (market not found) keep their answer.
      for (const w of waiting) w.reject(error)
      return
    }
    for (const w of batch) {
      try {
        // Left out of memory when the store could not be read after the group broke: read again.
        if (!this.states.has(marketId) && this.owns(marketId)) await this.reload(marketId)
        const state = this.states.get(marketId)
        if (!state && !this.owns(marketId)) {
          w.reject(new MarketMoved(`market ${marketId} moved to another process`))
          continue
        }
        if (!state) {
          w.resolve(fail('BET.MARKET_NOT_FOUND', TRADE_MSG.notFound))
          continue
        }
        // The market was reloaded from the store: an in-play one turns in play again first, so
        // the placement is stored as placed in play and the orders left from before lapse.
        if (w.market.inplay) await lapseAtInPlay(this.committer, state)
        await this.committer.commitWaiting(state, [w], false)
      } catch (error) {
        w.reject(error)
      }
    }
  }

  /** Cancels the trader's unmatched orders of a market, or all of them (cancel-orders.ts). */
  cancel(
    trader: Trader,
    marketId: string,
    orderIds: readonly string[] | 'ALL',
    requestId?: string,
    reductions?: Readonly<Record<string, number>>,
  ) {
    return cancelOrders(this, trader, marketId, orderIds, requestId, reductions)
  }

  /** Keeps a resting order through the in-play turn, or not (order-persistence.ts). */
  changePersistence(trader: Trader, marketId: string, orderId: string, persistence: Persistence) {
    const fence = this.fenceWrites?.bind(this)
    return changePersistence(this, fence, trader, marketId, orderId, persistence)
  }

  /**
   * Every runner's whole book as it stands, without a turn in the market's queue (as `view`
   * reads it); undefined while the market is not held and quoted here.
   */
  depthNow(marketId: string) {
    const state = this.states.get(marketId)
    return state?.book && this.quoted.has(marketId) ? marketDepth(state.book) : undefined
  }

  /** Every runner's whole book (order-book.ts marketDepth), or undefined without an exchange book. */
  async depth(marketId: string) {
    await this.beforeTrade(marketId)
    return this.exclusive(marketId, async (state) =>
      state?.book ? marketDepth(state.book) : undefined,
    )
  }

  /** The market maker's new quote for a market (market-maker.ts). */
  requote(marketId: string, desired: readonly OddsLeg[]): Promise<void> {
    return requoteMaker(this, marketId, desired)
  }

  /**
   * The market went in-play: lapses the unmatched LAPSE orders (players' bets; the market maker
   * persists and requotes) and releases what they held, one entry per user in one transaction.
   * Markets not in memory are skipped: loading one that is in-play lapses them (see restore).
   */
  async turnInPlay(marketId: string): Promise<void> {
    const state = this.states.get(marketId)
    if (!state?.book || bookState(state.book).inPlay) return
    await this.exclusive(marketId, async (current) => {
      if (current) await lapseAtInPlay(this.committer, current)
    })
  }

  async positionIn(userId: string, marketId: string) {
    return this.exclusive(marketId, async (state) => {
      const position = state?.positions.get(userId)
      if (!state || !position) return undefined
      return {
        kind: state.kind,
        selectionIds: [...state.selectionIds] as string[],
        pl: [...position.pl],
        matched: [...position.matched],
        fancy: [...position.fancy],
        view: state.book ? marketView(state.book) : undefined,
      }
    })
  }

  /** The cash-out hedge of the user's matched bets in a market (cash-out-leg.ts). */
  cashOutLeg(trader: Trader, marketId: string, sharePercent: number) {
    return cashOutLeg(this, trader, marketId, sharePercent)
  }

  /** Applies a non-runner the feed announced, in its market's queue (non-runner.ts). */
  removeRunner(marketId: string, selectionId: string): Promise<boolean> {
    return this.exclusive(marketId, (state) => applyRemoval(this, state, marketId, selectionId))
  }

  /**
   * Runs `here` where the market's book is: in one process, here; a cluster node sends the call
   * (by name, with its arguments) to the market's owner (cluster/). For calls of other rooms, such
   * as a result declaration (settlement.ts).
   */
  onOwner<T>(_call: 'declareResult', _marketId: string, _args: unknown[], here: () => Promise<T>) {
    return here()
  }

  /** Publishes traders' balances, orders and positions (market-publisher.ts). */
  publishTraders(...args: Parameters<MarketPublisher['publishTraders']>) {
    this.publisher.publishTraders(...args)
  }

  /** Publishes changed best prices of an exchange market (market-publisher.ts). */
  publishPrices(state: MarketState) {
    this.publisher.publishPrices(state)
  }

  publishStatus(marketId: string, change: Parameters<MarketPublisher['publishStatus']>[1]) {
    this.publisher.publishStatus(marketId, change)
  }
}
