import { randomUUID } from 'node:crypto'
import type { PlacedBet } from '@backlay/contract/bets'
import { oddsToDecimal, paiseToRupees } from '@backlay/contract/money'
import { acceptBookmakerBet } from '@backlay/exchange/bookmaker'
import { cashOut } from '@backlay/exchange/cash-out'
import type { OddsBet } from '@backlay/exchange/exposure'
import type { Odds, Paise, SelectionId } from '@backlay/exchange/ids'
import { isOnLadder } from '@backlay/exchange/ladder'
import { checkBet, effectiveLimits, type UserLimits } from '@backlay/exchange/limits'
import { match } from '@backlay/exchange/matching'
import { profitAtOdds } from '@backlay/exchange/money'
import {
  bookState,
  cancelOrder,
  type Fill,
  type MarketView,
  marketView,
  type OrderRequest,
  restingOrder,
  turnInPlay,
} from '@backlay/exchange/order-book'
import { acceptFancyBet, type FancyBet } from '@backlay/exchange/session'
import type { FastifyBaseLogger } from 'fastify'
import { type Kysely, type OperationNodeSource, sql } from 'kysely'
import type { Clock } from '../clock'
import { batchedReader } from '../db/batched-reader'
import { insertRowsAsJson, rowChunks, writeAsOneStatement } from '../db/one-statement'
import type { Database, LedgerBook } from '../db/schema'
import type { BetOrderTable } from '../db/schema-exchange'
import { lockAccounts } from '../ledger/ledger'
import { type Failure, fail, type Result, success } from '../result'
import type { MessageBus } from '../stream/message-bus'
import {
  ensureTradingAccounts,
  exposureAccountId,
  MARKET_MAKER_ID,
  userCashAccountId,
} from './accounts'
import { type CatalogueMarket, readCatalogueMarkets } from './catalogue'
import { GroupCommit } from './group-commit'
import type { MarketBooks } from './market-books'
import {
  addMatched,
  applyFill,
  bestFancyOutcomeWith,
  bestOutcomeWith,
  inPlayOf,
  loadMarketState,
  type MarketState,
  type Position,
  positionOf,
  requiredExposure,
} from './market-state'

/** Who places: the user id, the ledger book their money is in, and their own stake limits. */
export interface Trader {
  readonly userId: string
  readonly book: LedgerBook
  readonly limits: UserLimits
}

/** One bet on a runner: odds ×100 (the worst price accepted), stake in paise. */
export interface OddsLeg {
  readonly selectionId: string
  readonly side: 'BACK' | 'LAY'
  readonly odds: number
  readonly stake: number
}

export interface FancyLeg {
  readonly side: 'YES' | 'NO'
  readonly line: number
  readonly rate: number
  readonly stake: number
}

export interface PlaceOptions {
  /** stored with the bet in the same transaction so a retry answers the first result */
  readonly idempotencyKey?: string
  /** cash-out hedges: the whole stake now or nothing */
  readonly fillOrKill?: boolean
  /** seconds the request has already waited; less than the market's delay answers BET.DELAY_PENDING */
  readonly waitedSeconds?: number
  /**
   * Per leg, whether it would have matched when requested (from BET.DELAY_PENDING): after the
   * delay such a leg must still meet the best price, else the price moved away and it is refused.
   */
  readonly matchable?: readonly boolean[]
}

/**
 * Not a refusal: the bet passed every check but the market's delay has not run yet. The caller
 * waits `delaySeconds` (outside the market's queue) and places again, which checks everything anew.
 */
export const DELAY_PENDING = 'BET.DELAY_PENDING'
export type PendingDelay = Failure & {
  readonly delaySeconds: number
  readonly matchable?: readonly boolean[]
}
export const isPendingDelay = (r: Result<unknown>): r is PendingDelay =>
  !r.ok && r.code === DELAY_PENDING

const delayPending = (market: CatalogueMarket, options: PlaceOptions): PendingDelay | null =>
  market.betDelaySeconds > (options.waitedSeconds ?? 0)
    ? { ...fail(DELAY_PENDING, 'Waiting for the bet delay.'), delaySeconds: market.betDelaySeconds }
    : null

export interface Placed {
  readonly msg: string
  readonly bets: PlacedBet[]
}

/** Expected refusals of the exchange; their default texts and HTTP status are in the contract's betErrors. */
export type EngineFailure = Failure

/** Thrown inside a transaction to roll it back and answer with the failure it carries. */
class Refusal extends Error {
  constructor(readonly failure: Failure) {
    super(failure.msg)
  }
}

const MSG = {
  notFound: 'Market not found',
  suspended: 'Market is suspended',
  closed: 'Market is closed',
  runnerSuspended: 'Selection is suspended',
  funds: 'Insufficient balance',
  oddsChanged: 'Odds changed, please place the bet again',
  offLadder: 'Odds are not on the price ladder',
  noLiquidity: 'Not enough matching offers at this price',
  wrongCall: {
    fancy: 'This is a fancy market: place it with saveFancyBet.',
    odds: 'This is not a fancy market: place it with saveBet.',
  },
} as const

const rupees = paiseToRupees
const avgOdds = (matched: number, value: number) =>
  matched > 0 ? oddsToDecimal(Math.round(value / matched)) : null
const orderStatusOf = (matched: number, remaining: number): PlacedBet['status'] =>
  remaining === 0 ? 'MATCHED' : matched > 0 ? 'PARTIALLY_MATCHED' : 'UNMATCHED'

/** Whether the leg would match now: the best opposite offer is at its odds or better. */
function meetsBest(state: MarketState, leg: OddsLeg): boolean {
  if (!state.book) return false
  const runner = marketView(state.book).runners.find((r) => r.selectionId === leg.selectionId)
  if (leg.side === 'BACK') {
    const best = runner?.availableToBack[0]?.price
    return best !== undefined && best >= leg.odds
  }
  const best = runner?.availableToLay[0]?.price
  return best !== undefined && best <= leg.odds
}

/** What one DB transaction of a trade must write besides the ledger posting. */
interface TradeWrites {
  orders: {
    id: string
    leg: {
      selectionId: string
      side: 'BACK' | 'LAY'
      odds: number
      line: number | null
      stake: number
    }
    matched: number
    matchedValue: number
    remaining: number
    cancelled: number
  }[]
  fills: Fill[]
  cancels: { orderId: string; size: number }[]
}

/** One change to commit: a placement (checked first), a cancel or a requote. */
interface Entry {
  /** the market it changes, held by the caller through the market's queue */
  readonly state: MarketState
  readonly trader: Trader
  readonly options: PlaceOptions
  /** run on the market as the batch's earlier entries left it; a failure skips the entry */
  readonly check?: () => Failure | null
  readonly change: (position: Position) => TradeWrites
}

interface Accepted {
  readonly entry: Entry
  readonly writes: TradeWrites
  readonly answer: Placed
  readonly exposureChanged: boolean
  balances?: { cash: number | undefined; exposure: number | undefined }
}

/** Builds a placement's entry once its market is loaded and its catalogue row read. */
type Plan = (state: MarketState, market: CatalogueMarket) => Entry

interface Waiting {
  readonly plan: Plan
  readonly resolve: (result: Result<Placed>) => void
  readonly reject: (error: unknown) => void
}

/**
 * Group transactions written at once: while one waits for the store the next is checked. Their
 * markets never overlap (a market's batch waits for its group), and each locks its accounts in
 * id order, so they cannot deadlock each other.
 */
const GROUPS_IN_FLIGHT = 3

/** A refusal inside a batch that cannot be taken back alone: the batch is redone one by one. */
class BatchBroken extends Error {}

/**
 * The live exchange of this process: one in-memory state per market (book, positions), every
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
 */
export class ExchangeEngine implements MarketBooks {
  private readonly states = new Map<string, MarketState>()
  private readonly queues = new Map<string, Promise<unknown>>()
  /**
   * The quote each market's maker orders stand at: the same quote on the next feed tick costs
   * nothing. Forgotten when a trade fills in the market or the market is reloaded.
   */
  private readonly lastQuotes = new Map<string, string>()
  /** Placements waiting for their market's next batch. */
  private readonly waiting = new Map<string, Waiting[]>()
  /** Catalogue rows, read together for every market that asks in the same turn of the loop. */
  private readonly catalogueMarket = batchedReader((ids: string[]) =>
    readCatalogueMarkets(this.db, ids),
  )
  /** The transaction the ready batches of all markets share: see placeInBatch. */
  private readonly groups = new GroupCommit<readonly Entry[], Result<Placed>[]>(
    (submissions) => this.commitTogether(submissions),
    GROUPS_IN_FLIGHT,
  )
  private readonly seqs = new Map<string, number>()
  private readonly openedAccounts = new Set<string>()
  private readonly loading = new Set<string>()
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
  ) {}

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

  holds(marketId: string): boolean {
    return Boolean(this.states.get(marketId)?.book) && this.quoted.has(marketId)
  }

  sequence(marketId: string): number {
    return this.seqs.get(`market:${marketId}`) ?? 0
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
        if (state) this.states.set(marketId, state)
        if (state?.book && (await this.catalogueMarket(marketId))?.inplay) await this.lapse(state)
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

  /** Drops a market from memory (settled), or reloads it from the store after a failed change. */
  async reload(marketId: string): Promise<void> {
    this.lastQuotes.delete(marketId)
    const state = await loadMarketState(this.db, marketId)
    if (state && !state.settled) this.states.set(marketId, state)
    else this.states.delete(marketId)
  }

  forget(marketId: string) {
    this.states.delete(marketId)
  }

  /** Waits until every queued change has finished (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.queues.size > 0) await Promise.all([...this.queues.values()])
  }

  // ---- validation shared by the first check and the re-check after the delay ----

  private marketOpen(
    market: CatalogueMarket | undefined,
    state: MarketState | undefined,
  ): Failure | null {
    if (!market || !state) return fail('BET.MARKET_NOT_FOUND', MSG.notFound)
    if (market.status === 'CLOSED' || state.settled) return fail('BET.MARKET_CLOSED', MSG.closed)
    if (market.status !== 'OPEN') return fail('BET.MARKET_SUSPENDED', MSG.suspended)
    return null
  }

  private checkOddsLegs(
    trader: Trader,
    market: CatalogueMarket,
    state: MarketState,
    legs: readonly OddsLeg[],
  ): Failure | null {
    if (market.kind === 'SESSION') return fail('BET.WRONG_MARKET', MSG.wrongCall.fancy)
    const position = state.positions.get(trader.userId)
    const kind = market.kind === 'BOOKMAKER' ? 'bookmaker' : 'odds'
    const limits = effectiveLimits(kind, market.sportId, trader.limits, {
      minStake: market.minStake / 100,
      maxStake: market.maxStake / 100,
      maxProfit: market.maxProfit / 100,
    })
    for (const leg of legs) {
      const runner = market.runners.find((r) => r.selectionId === leg.selectionId)
      if (!runner) return fail('BET.RUNNER_NOT_FOUND', 'Selection not found in this market')
      if (runner.status !== 'ACTIVE') return fail('BET.RUNNER_SUSPENDED', MSG.runnerSuspended)
      if (market.kind === 'BOOKMAKER') {
        const quoted = acceptBookmakerBet(
          {
            open: true,
            runners: [
              {
                selectionId: runner.selectionId as SelectionId,
                active: true,
                back: (runner.back[0]?.price ?? 100) - 100,
                lay: (runner.lay[0]?.price ?? 100) - 100,
              },
            ],
          },
          {
            selectionId: leg.selectionId as SelectionId,
            side: leg.side,
            priceActual: leg.odds - 100,
            stake: leg.stake as Paise,
          },
        )
        if (!quoted.ok) return fail('BET.ODDS_CHANGED', MSG.oddsChanged)
      } else if (!isOnLadder(leg.odds)) {
        return fail('BET.INVALID_ODDS', MSG.offLadder)
      }
      const bet: OddsBet = {
        selectionId: leg.selectionId as SelectionId,
        side: leg.side,
        odds: leg.odds as Odds,
        stake: leg.stake as Paise,
      }
      const checked = checkBet({
        limits,
        stake: leg.stake as Paise,
        odds: leg.odds as Odds,
        profitAfterBet: position
          ? bestOutcomeWith(state, position, bet)
          : (Math.max(
              leg.side === 'BACK' ? profitAtOdds(bet.stake, bet.odds) : bet.stake,
              0,
            ) as Paise),
      })
      if (!checked.ok) return fail(checked.code, checked.msg)
    }
    return null
  }

  private checkFancyLeg(
    trader: Trader,
    market: CatalogueMarket,
    state: MarketState,
    leg: FancyLeg,
  ): Failure | null {
    if (market.kind !== 'SESSION') return fail('BET.WRONG_MARKET', MSG.wrongCall.odds)
    const runner = market.runners[0]
    if (runner?.status !== 'ACTIVE') return fail('BET.RUNNER_SUSPENDED', MSG.runnerSuspended)
    const accepted = acceptFancyBet(
      {
        active: true,
        yesLine: runner.back[0]?.price ?? -1,
        yesRate: runner.back[0]?.size ?? 0,
        noLine: runner.lay[0]?.price ?? -1,
        noRate: runner.lay[0]?.size ?? 0,
      },
      { side: leg.side, line: leg.line, rate: leg.rate, stake: leg.stake as Paise },
    )
    if (!accepted.ok) {
      return accepted.code === 'BET.ODDS_CHANGED'
        ? fail('BET.ODDS_CHANGED', MSG.oddsChanged)
        : fail(accepted.code, accepted.msg)
    }
    const limits = effectiveLimits('fancy', market.sportId, trader.limits, {
      minStake: market.minStake / 100,
      maxStake: market.maxStake / 100,
      maxProfit: market.maxProfit / 100,
    })
    const position = state.positions.get(trader.userId) ?? positionOfNone
    const checked = checkBet({
      limits,
      stake: leg.stake as Paise,
      profitAfterBet: bestFancyOutcomeWith(position, accepted.value),
    })
    if (!checked.ok) return fail(checked.code, checked.msg)
    return null
  }

  /**
   * Places through the market's bet delay: the first attempt checks everything and, when the
   * market has a delay, answers BET.DELAY_PENDING; after waiting it places with every check run
   * again on the market as it is then (a suspension or moved price during the delay refuses).
   */
  async withDelay<T>(
    place: (delayed: Pick<PlaceOptions, 'waitedSeconds' | 'matchable'>) => Promise<Result<T>>,
  ): Promise<Result<T>> {
    let delayed: Pick<PlaceOptions, 'waitedSeconds' | 'matchable'> = { waitedSeconds: 0 }
    for (;;) {
      const result = await place(delayed)
      if (!isPendingDelay(result)) return result
      await this.wait((result.delaySeconds - (delayed.waitedSeconds ?? 0)) * 1000)
      delayed = {
        waitedSeconds: result.delaySeconds,
        ...(result.matchable ? { matchable: result.matchable } : {}),
      }
    }
  }

  /** Sleeps `ms` of the injected clock (a manual clock in tests only moves when told). */
  async wait(ms: number): Promise<void> {
    if (ms <= 0) return
    const until = this.clock.now() + ms
    while (this.clock.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(25, until - this.clock.now())))
    }
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
      check: () => {
        const refused =
          this.marketOpen(market, state) ?? this.checkOddsLegs(trader, market, state, legs)
        if (refused) return refused
        const pending = delayPending(market, options)
        if (pending && state.book)
          return { ...pending, matchable: legs.map((leg) => meetsBest(state, leg)) }
        if (pending) return pending
        if (legs.some((leg, i) => options.matchable?.[i] === true && !meetsBest(state, leg)))
          return fail('BET.ODDS_CHANGED', MSG.oddsChanged)
        return null
      },
      change: (position) => {
        const writes: TradeWrites = { orders: [], fills: [], cancels: [] }
        for (const leg of legs) {
          const id = randomUUID()
          if (state.book) {
            const placed = match(
              state.book,
              {
                id: id as never,
                userId: trader.userId as never,
                selectionId: leg.selectionId as SelectionId,
                side: leg.side,
                odds: leg.odds as Odds,
                size: leg.stake as Paise,
                persistence: trader.userId === MARKET_MAKER_ID ? 'PERSIST' : 'LAPSE',
                ...(options.fillOrKill ? { timeInForce: 'FILL_OR_KILL' as const } : {}),
              } satisfies OrderRequest,
              this.clock.now(),
            )
            if (!placed.ok) throw new Refusal(fail('BET.INVALID_ODDS', placed.msg))
            if (placed.value.lapsed > 0)
              throw new Refusal(fail('BET.NO_LIQUIDITY', MSG.noLiquidity))
            if (placed.value.resting > 0) position.open.add(id)
            for (const fill of placed.value.fills)
              applyFill(state, fill, (u) => this.bookOf(state, u, trader))
            writes.fills.push(...placed.value.fills)
            writes.orders.push({
              id,
              leg: { ...leg, line: null },
              matched: placed.value.matched,
              matchedValue: placed.value.fills.reduce((s, f) => s + f.stake * f.odds, 0),
              remaining: placed.value.resting,
              cancelled: 0,
            })
          } else {
            addMatched(state, position, {
              selectionId: leg.selectionId as SelectionId,
              side: leg.side,
              odds: leg.odds as Odds,
              stake: leg.stake as Paise,
            })
            writes.orders.push({
              id,
              leg: { ...leg, line: null },
              matched: leg.stake,
              matchedValue: leg.stake * leg.odds,
              remaining: 0,
              cancelled: 0,
            })
          }
        }
        return writes
      },
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
        this.marketOpen(market, state) ??
        this.checkFancyLeg(trader, market, state, leg) ??
        delayPending(market, options),
      change: (position) => {
        position.fancy.push({
          side: leg.side,
          line: leg.line,
          rate: leg.rate,
          stake: leg.stake as Paise,
        } satisfies FancyBet)
        return {
          orders: [
            {
              id: randomUUID(),
              leg: {
                selectionId: state.selectionIds[0] ?? '1',
                side: leg.side === 'YES' ? 'BACK' : 'LAY',
                odds: leg.rate,
                line: leg.line,
                stake: leg.stake,
              },
              matched: leg.stake,
              matchedValue: leg.stake * leg.rate,
              remaining: 0,
              cancelled: 0,
            },
          ],
          fills: [],
          cancels: [],
        }
      },
    }))
  }

  /**
   * Group commit, twice over: placements arriving while their market is busy wait together for
   * the market's next turn (the catalogue is read once per batch), and the batches of every
   * market ready in the same turn of the event loop are written in one transaction. Each
   * placement is still all-or-nothing and funds are checked against the locked balances as the
   * earlier placements of the group left them. A refusal that cannot be taken back alone (after
   * fills) rolls the group back, and its placements are then committed one by one.
   */
  private placeInBatch(marketId: string, plan: Plan): Promise<Result<Placed>> {
    return new Promise((resolve, reject) => {
      const waiting = this.waiting.get(marketId)
      if (waiting) {
        waiting.push({ plan, resolve, reject })
        return
      }
      this.waiting.set(marketId, [{ plan, resolve, reject }])
      void this.exclusive(marketId, (state) => this.drain(marketId, state))
    })
  }

  private async drain(marketId: string, loaded: MarketState | undefined): Promise<void> {
    const batch = this.waiting.get(marketId) ?? []
    this.waiting.delete(marketId)
    let market: CatalogueMarket | undefined
    try {
      market = await this.catalogueMarket(marketId)
      if (loaded && market?.inplay) await this.lapse(loaded)
      const whole = await this.commitBatch(loaded, market, batch, true)
      if (whole) return
    } catch (error) {
      for (const w of batch) w.reject(error)
      return
    }
    for (const w of batch) {
      try {
        await this.commitBatch(this.states.get(marketId), market, [w], false)
      } catch (error) {
        w.reject(error)
      }
    }
  }

  /**
   * Commits `batch` (in the shared group transaction when `grouped`) and answers each placement;
   * false when it must be redone one by one, each in a transaction of its own.
   */
  private async commitBatch(
    state: MarketState | undefined,
    market: CatalogueMarket | undefined,
    batch: readonly Waiting[],
    grouped: boolean,
  ): Promise<boolean> {
    if (!state || !market) {
      for (const w of batch) w.resolve(fail('BET.MARKET_NOT_FOUND', MSG.notFound))
      return true
    }
    const entries = batch.map((w) => w.plan(state, market))
    try {
      const results = grouped ? await this.groups.submit(entries) : await this.commitAll(entries)
      batch.forEach((w, i) => {
        w.resolve(results[i] ?? fail('BET.MARKET_NOT_FOUND', MSG.notFound))
      })
      return true
    } catch (error) {
      if (batch.length > 1 || error instanceof BatchBroken) return false
      throw error
    }
  }

  /** Cancels the unmatched part of one order, or of all the user's orders in a market. */
  async cancel(
    trader: Trader,
    marketId: string,
    orderIds: readonly string[] | 'ALL',
  ): Promise<Result<{ betIds: string[]; cancelled: number }>> {
    await ensureTradingAccounts(this.db, trader.userId, trader.book, this.openedAccounts)
    return this.exclusive(marketId, async (state) => {
      const position = state?.positions.get(trader.userId)
      if (!state?.book || !position)
        return fail('BET.NOT_CANCELLABLE', 'Bet is already matched or cancelled')
      const ids =
        orderIds === 'ALL' ? [...position.open] : orderIds.filter((id) => position.open.has(id))
      if (ids.length === 0)
        return fail('BET.NOT_CANCELLABLE', 'Bet is already matched or cancelled')
      const book = state.book
      let cancelled = 0
      const done = await this.commit(state, trader, {}, () => {
        const cancels = ids.map((id) => {
          const taken = cancelOrder(book, id as never)
          position.open.delete(id)
          return { orderId: id, size: taken.ok ? taken.value.size : 0 }
        })
        cancelled = cancels.reduce((sum, c) => sum + c.size, 0)
        return { orders: [], fills: [], cancels: cancels.filter((c) => c.size > 0) }
      })
      if (!done.ok) return done
      return success({ betIds: ids, cancelled })
    })
  }

  /**
   * Replaces the market maker's resting orders in a market with `desired` (keeping those that are
   * already there at the same price and size). Skipped while the market is not open.
   */
  async requote(marketId: string, desired: readonly OddsLeg[]): Promise<void> {
    const quote = JSON.stringify(desired)
    if (this.lastQuotes.get(marketId) === quote) return
    const trader: Trader = { userId: MARKET_MAKER_ID, book: 'real', limits: {} }
    await ensureTradingAccounts(this.db, trader.userId, trader.book, this.openedAccounts)
    await this.exclusive(marketId, async (state) => {
      if (!state?.book || state.settled) return
      const book = state.book
      const market = await this.catalogueMarket(marketId)
      if (market?.status !== 'OPEN') return
      if (market.inplay) await this.lapse(state)
      const position = positionOf(state, trader.userId, trader.book)
      const keyOf = (l: { selectionId: string; side: string; odds: number }) =>
        `${l.selectionId}:${l.side}:${l.odds}`
      const wanted = new Map(desired.map((l) => [keyOf(l), l]))
      const keep = new Set<string>()
      const cancelIds: string[] = []
      for (const id of position.open) {
        const order = restingOrder(book, id as never)
        if (!order) continue
        const want = wanted.get(keyOf(order))
        if (want && want.stake === order.remaining && !keep.has(keyOf(order)))
          keep.add(keyOf(order))
        else cancelIds.push(id)
      }
      const toPlace = desired.filter((l) => !keep.has(keyOf(l)))
      if (cancelIds.length === 0 && toPlace.length === 0) {
        this.lastQuotes.set(marketId, quote)
        return
      }
      const change = (): TradeWrites => {
        const writes: TradeWrites = { orders: [], fills: [], cancels: [] }
        for (const id of cancelIds) {
          const cancelled = cancelOrder(book, id as never)
          position.open.delete(id)
          if (cancelled.ok) writes.cancels.push({ orderId: id, size: cancelled.value.size })
        }
        for (const leg of toPlace) {
          const id = randomUUID()
          const placed = match(
            book,
            {
              id: id as never,
              userId: trader.userId as never,
              selectionId: leg.selectionId as SelectionId,
              side: leg.side,
              odds: leg.odds as Odds,
              size: leg.stake as Paise,
              persistence: 'PERSIST',
            },
            this.clock.now(),
          )
          if (!placed.ok) continue
          if (placed.value.resting > 0) position.open.add(id)
          for (const fill of placed.value.fills)
            applyFill(state, fill, (u) => this.bookOf(state, u, trader))
          writes.fills.push(...placed.value.fills)
          writes.orders.push({
            id,
            leg: { ...leg, line: null },
            matched: placed.value.matched,
            matchedValue: placed.value.fills.reduce((s, f) => s + f.stake * f.odds, 0),
            remaining: placed.value.resting,
            cancelled: 0,
          })
        }
        return writes
      }
      let result: Result<Placed> | undefined
      try {
        // The quotes of one feed tick share a transaction, like placements.
        ;[result] = await this.groups.submit([{ state, trader, options: {}, change }])
      } catch (error) {
        // Another market broke the shared transaction: this one was reloaded, and the feed's
        // next tick quotes it again.
        if (error instanceof BatchBroken) return
        throw error
      }
      if (result?.ok) this.lastQuotes.set(marketId, quote)
      else this.log.warn({ marketId, msg: result?.msg }, 'market maker requote refused')
    })
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
      if (current) await this.lapse(current)
    })
  }

  private async lapse(state: MarketState): Promise<void> {
    if (!state.book || bookState(state.book).inPlay) return
    const byUser = new Map<string, { orderId: string; size: number }[]>()
    for (const order of turnInPlay(state.book)) {
      const cancels = byUser.get(order.userId) ?? []
      cancels.push({ orderId: order.orderId, size: order.size })
      byUser.set(order.userId, cancels)
    }
    if (byUser.size === 0) return
    const entries = [...byUser].map(([userId, cancels]): Entry => {
      const book = state.positions.get(userId)?.book ?? 'real'
      return {
        state,
        trader: { userId, book, limits: {} },
        options: {},
        change: (position) => {
          for (const c of cancels) position.open.delete(c.orderId)
          return { orders: [], fills: [], cancels }
        },
      }
    })
    // Releasing funds never refuses, so a failure here is a store error: the market is reloaded.
    await this.commitAll(entries)
  }

  /** A copy of the user's position in a market (loaded from the store if needed). */
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

  /**
   * The equalising hedge for the user's matched bets at the current best prices (MATCH_ODDS with
   * at most 2 runners only), as a leg to place FILL_OR_KILL.
   */
  async cashOutLeg(
    trader: Trader,
    marketId: string,
  ): Promise<Result<{ leg: OddsLeg; delay: number }>> {
    await this.beforeTrade(marketId)
    const market = await this.catalogueMarket(marketId)
    const position = await this.positionIn(trader.userId, marketId)
    if (!market || !position?.view || market.kind !== 'MATCH_ODDS') {
      return fail('CASHOUT.NOT_AVAILABLE', 'Cash-out is not available for this market')
    }
    const plan = cashOut(
      {
        marketType: market.kind,
        selectionIds: position.selectionIds as SelectionId[],
        prices: position.view.runners.map((r) => ({
          selectionId: r.selectionId,
          ...(r.availableToBack[0] ? { back: r.availableToBack[0].price } : {}),
          ...(r.availableToLay[0] ? { lay: r.availableToLay[0].price } : {}),
        })),
      },
      position.matched,
    )
    if (!plan.ok) {
      return fail(
        plan.code === 'CASHOUT.NO_PRICE' ? 'BET.NO_LIQUIDITY' : 'CASHOUT.NOT_AVAILABLE',
        plan.code === 'CASHOUT.NO_PRICE' ? MSG.noLiquidity : plan.msg,
      )
    }
    const { hedge } = plan.value
    return success({
      leg: {
        selectionId: hedge.selectionId,
        side: hedge.side,
        odds: hedge.odds,
        stake: hedge.stake,
      },
      delay: market.betDelaySeconds,
    })
  }

  private bookOf(state: MarketState, userId: string, trader: Trader): LedgerBook {
    return userId === trader.userId ? trader.book : (state.positions.get(userId)?.book ?? 'real')
  }

  /** Commits one change alone (cancel, requote). */
  private async commit(
    state: MarketState,
    trader: Trader,
    options: PlaceOptions,
    change: (position: Position) => TradeWrites,
  ): Promise<Result<Placed>> {
    const [result] = await this.commitAll([{ state, trader, options, change }])
    return result ?? fail('BET.MARKET_NOT_FOUND', MSG.notFound)
  }

  /** Commits entries in a transaction of their own. */
  private async commitAll(entries: readonly Entry[]): Promise<Result<Placed>[]> {
    const [results] = await this.commitTogether([entries])
    return results ?? []
  }

  /**
   * The one write path: applies each entry's change to memory in order, then writes the orders,
   * fills, cancellations, held exposures and ledger postings of all of them in one transaction,
   * answering each submission (a list of entries) in order. An entry whose check or funds refuse
   * it is taken back alone when it only added resting orders; otherwise (and on any error) the
   * transaction rolls back and the markets are reloaded from the store: a lone entry answers its
   * refusal, anything larger throws BatchBroken so its placements are redone one by one.
   */
  private async commitTogether(
    submissions: readonly (readonly Entry[])[],
  ): Promise<Result<Placed>[][]> {
    const now = this.clock.now()
    const entries = submissions.flat()
    const results: Result<Placed>[] = []
    const accepted: Accepted[] = []
    const alone = entries.length === 1
    const states = [...new Set(entries.map((e) => e.state))]
    let orders: CommitOrders = { created: new Map(), older: new Map() }
    try {
      await this.db.transaction().execute(async (trx) => {
        const funds = await lockAccounts(
          trx,
          entries.flatMap(({ trader }) => [
            userCashAccountId(trader.userId, trader.book),
            exposureAccountId(trader.userId, trader.book),
          ]),
        )
        for (const entry of entries) {
          const refused = entry.check?.()
          if (refused) {
            results.push(refused)
            continue
          }
          const { state, trader } = entry
          const position = positionOf(state, trader.userId, trader.book)
          const before = {
            matched: position.matched.length,
            fancy: position.fancy.length,
            pl: [...position.pl],
          }
          let writes: TradeWrites
          try {
            writes = entry.change(position)
          } catch (error) {
            throw alone || !(error instanceof Refusal) ? error : new BatchBroken()
          }
          const required = requiredExposure(state, position)
          const delta = required - position.held
          if (delta !== 0) {
            const posted = funds.post({
              kind: 'bet.exposure',
              book: trader.book,
              legs: [
                { accountId: userCashAccountId(trader.userId, trader.book), amount: -delta },
                { accountId: exposureAccountId(trader.userId, trader.book), amount: delta },
              ],
              metadata: {
                marketId: state.id,
                betIds: writes.orders.map((o) => o.id),
                cancelled: writes.cancels.map((c) => c.orderId),
              },
            })
            if (!posted.ok) {
              const refusal = fail('BET.INSUFFICIENT_FUNDS', MSG.funds)
              if (!this.undoRest(state, position, writes, before))
                throw alone ? new Refusal(refusal) : new BatchBroken()
              results.push(refusal)
              continue
            }
          }
          position.held = required
          const answer = placedAnswer(writes)
          accepted.push({ entry, writes, answer, exposureChanged: delta !== 0 })
          results.push(success(answer))
        }
        orders = commitOrders(accepted)
        await writeAsOneStatement(trx, [
          ...this.writesOf(trx, accepted, orders, now),
          ...funds.takeWrites(),
        ])
        for (const a of accepted) {
          a.balances = {
            cash: funds.balance(userCashAccountId(a.entry.trader.userId, a.entry.trader.book)),
            exposure: funds.balance(exposureAccountId(a.entry.trader.userId, a.entry.trader.book)),
          }
        }
      })
    } catch (error) {
      for (const state of states) await this.reload(state.id)
      if (error instanceof Refusal) return [[error.failure]]
      // One market's failure must not refuse the others' placements: they are all redone alone.
      throw submissions.length > 1 ? new BatchBroken() : error
    }
    for (const state of states) {
      const mine = accepted.filter((a) => a.entry.state === state)
      if (mine.some((a) => a.writes.fills.length > 0)) this.lastQuotes.delete(state.id)
      if (mine.length > 0) this.publish(state, mine, orders.created)
    }
    let start = 0
    return submissions.map((s) => {
      start += s.length
      return results.slice(start - s.length, start)
    })
  }

  /**
   * Takes back a refused change that only added to the book and the position (no fills, no
   * cancellations): its resting orders sit at the tails of their levels, so removing them leaves
   * the book exactly as it was. Anything else is reloaded from the store instead.
   */
  private undoRest(
    state: MarketState,
    position: Position,
    writes: TradeWrites,
    before: { matched: number; fancy: number; pl: number[] },
  ): boolean {
    if (writes.fills.length > 0 || writes.cancels.length > 0) return false
    for (const o of writes.orders) {
      if (state.book && o.remaining > 0) cancelOrder(state.book, o.id as never)
      position.open.delete(o.id)
    }
    position.matched.length = before.matched
    position.fancy.length = before.fancy
    before.pl.forEach((pl, i) => {
      position.pl[i] = pl
    })
    return true
  }

  /**
   * Every row of the accepted entries as writes for one statement: new orders as they stand
   * after the commit, fills, the counters of older orders, held exposures and first answers.
   */
  private writesOf(
    trx: Kysely<Database>,
    accepted: readonly Accepted[],
    orders: CommitOrders,
    now: number,
  ): OperationNodeSource[] {
    const at = new Date(now)
    const writes: OperationNodeSource[] = []
    const created = [...orders.created.values()].map((o) => ({
      ...o,
      status: 'OPEN' as const,
      placed_at: at,
    }))
    if (created.length > 0) writes.push(insertRowsAsJson('bet_orders', created))
    const fills = accepted.flatMap((a) =>
      a.writes.fills.map((f) => ({
        market_id: a.entry.state.id,
        selection_id: f.selectionId,
        odds: f.odds,
        stake: f.stake,
        back_order_id: f.backOrderId,
        back_user_id: f.backUserId,
        lay_order_id: f.layOrderId,
        lay_user_id: f.layUserId,
        at,
      })),
    )
    if (fills.length > 0) writes.push(insertRowsAsJson('bet_fills', fills))
    if (orders.older.size > 0) {
      const changes = [...orders.older].map(([id, c]) => ({ id, ...c }))
      writes.push(sql`UPDATE bet_orders AS o SET
          matched = o.matched + v.stake,
          matched_value = o.matched_value + v.value,
          remaining = o.remaining - v.stake - v.cancelled,
          cancelled = o.cancelled + v.cancelled
        FROM json_to_recordset(${JSON.stringify(changes)}::json)
          AS v(id text, stake bigint, value bigint, cancelled bigint)
        WHERE o.id = v.id`)
    }
    const held = new Map<
      string,
      { user_id: string; market_id: string; book: LedgerBook; held: number }
    >()
    for (const { entry, exposureChanged } of accepted) {
      if (!exposureChanged) continue
      const { state, trader } = entry
      const position = state.positions.get(trader.userId)
      held.set(`${trader.userId}:${state.id}`, {
        user_id: trader.userId,
        market_id: state.id,
        book: trader.book,
        held: position?.held ?? 0,
      })
    }
    for (const rows of rowChunks([...held.values()])) {
      writes.push(
        trx
          .insertInto('market_exposures')
          .values(rows)
          .onConflict((oc) =>
            oc
              .columns(['user_id', 'market_id'])
              .doUpdateSet({ held: (eb) => eb.ref('excluded.held') }),
          ),
      )
    }
    const answered = accepted.filter((a) => a.entry.options.idempotencyKey)
    if (answered.length > 0) {
      writes.push(
        insertRowsAsJson(
          'bet_requests',
          answered.map((a) => ({
            user_id: a.entry.trader.userId,
            idempotency_key: a.entry.options.idempotencyKey ?? '',
            http_status: 200,
            response: { ok: true, placed: a.answer },
          })),
        ),
      )
    }
    return writes
  }

  // ---- stream ----

  private nextSeq(channel: string): number {
    const seq = (this.seqs.get(channel) ?? 0) + 1
    this.seqs.set(channel, seq)
    return seq
  }

  /** Publishes changed best prices of an exchange market (only the runners that changed). */
  publishPrices(state: MarketState) {
    if (!state.book) return
    const view = marketView(state.book)
    const runners = []
    for (const r of view.runners) {
      const cells = (levels: readonly { price: number; size: number }[]) =>
        levels.map((l) => ({
          price: oddsToDecimal(l.price),
          oprice: oddsToDecimal(l.price),
          size: rupees(l.size),
        }))
      const runner = {
        selectionId: r.selectionId as string,
        availableToBack: cells(r.availableToBack),
        availableToLay: cells(r.availableToLay),
        tradedVolume: rupees(r.totalMatched),
      }
      const text = JSON.stringify(runner)
      if (state.lastPrices.get(r.selectionId) === text) continue
      state.lastPrices.set(r.selectionId, text)
      runners.push(runner)
    }
    if (runners.length === 0) return
    const channel = `market:${state.id}`
    this.bus.publish(channel, {
      type: 'prices',
      market_id: state.id,
      seq: this.nextSeq(channel),
      runners,
    })
  }

  /** Status, in-play or runner statuses of a market changed (from the feed or an operator). */
  publishStatus(
    marketId: string,
    change: {
      status?: 'OPEN' | 'SUSPENDED' | 'CLOSED'
      inplay?: boolean
      runners?: {
        selectionId: string
        status: 'ACTIVE' | 'SUSPENDED' | 'WINNER' | 'LOSER' | 'REMOVED'
      }[]
    },
  ) {
    const channel = `market:${marketId}`
    this.bus.publish(channel, {
      type: 'status',
      market_id: marketId,
      seq: this.nextSeq(channel),
      ...change,
    })
  }

  private publish(
    state: MarketState,
    accepted: readonly Accepted[],
    created: ReadonlyMap<string, OrderRow>,
  ) {
    this.publishPrices(state)
    const touched = new Map<string, Set<string>>()
    const touch = (userId: string, orderId: string) => {
      if (userId === MARKET_MAKER_ID) return
      const set = touched.get(userId) ?? new Set()
      set.add(orderId)
      touched.set(userId, set)
    }
    for (const { entry, writes } of accepted) {
      for (const o of writes.orders) touch(entry.trader.userId, o.id)
      for (const c of writes.cancels) touch(entry.trader.userId, c.orderId)
      for (const f of writes.fills) {
        touch(f.backUserId, f.backOrderId)
        touch(f.layUserId, f.layOrderId)
      }
    }
    // Balances are read after the whole batch: one message per trader says where they ended.
    const balances = new Map<string, NonNullable<Accepted['balances']>>()
    for (const a of accepted)
      if (a.exposureChanged && a.balances && a.entry.trader.userId !== MARKET_MAKER_ID)
        balances.set(a.entry.trader.userId, a.balances)
    for (const [userId, b] of balances) {
      this.bus.publish(`user:${userId}`, {
        type: 'balance',
        balance: rupees(Math.max(0, b.cash ?? 0)),
        liability: rupees(b.exposure ?? 0),
      })
    }
    if (touched.size === 0) return
    void this.publishOrders(state, touched, created).catch((err) =>
      this.log.error({ err }, 'publishing order changes failed'),
    )
  }

  /** Order and position messages of the touched orders; those written in the commit are `known`. */
  private async publishOrders(
    state: MarketState,
    touched: Map<string, Set<string>>,
    known: ReadonlyMap<string, OrderRow>,
  ) {
    const ids = [...touched.values()].flatMap((s) => [...s]).filter((id) => !known.has(id))
    const stored =
      ids.length === 0
        ? []
        : await this.db
            .selectFrom('bet_orders')
            .select([
              'id',
              'user_id',
              'selection_id',
              'side',
              'odds',
              'matched',
              'matched_value',
              'remaining',
              'market_kind',
            ])
            .where('id', 'in', ids)
            .execute()
    const rows = [...touched.values()]
      .flatMap((s) => [...s])
      .flatMap((id) => known.get(id) ?? [])
      .concat(stored)
    for (const row of rows) {
      this.bus.publish(`user:${row.user_id}`, {
        type: 'order',
        bet_id: row.id,
        market_id: state.id,
        selection_id: row.selection_id,
        is_back: row.side === 'BACK' ? 1 : 0,
        odds: row.market_kind === 'SESSION' ? row.odds : oddsToDecimal(row.odds),
        status:
          row.remaining === 0 && row.matched === 0
            ? 'CANCELLED'
            : orderStatusOf(row.matched, row.remaining),
        matched_stack: rupees(row.matched),
        unmatched_stack: rupees(row.remaining),
        avg_odds: row.market_kind === 'SESSION' ? null : avgOdds(row.matched, row.matched_value),
      })
    }
    if (state.kind === 'SESSION') return
    for (const userId of touched.keys()) {
      const position = state.positions.get(userId)
      if (!position) continue
      this.bus.publish(`user:${userId}`, {
        type: 'position',
        market_id: state.id,
        positions: state.selectionIds.map((id, i) => ({
          selection_id: id,
          user_pl: rupees(position.pl[i] ?? 0),
        })),
      })
    }
  }
}

type OrderRow = Pick<
  BetOrderTable,
  | 'id'
  | 'user_id'
  | 'selection_id'
  | 'side'
  | 'odds'
  | 'matched'
  | 'matched_value'
  | 'remaining'
  | 'market_kind'
>

/** An order placed in a commit, as it stands after the commit. */
type CreatedOrder = OrderRow & {
  book: LedgerBook
  market_id: string
  event_id: string
  line: number | null
  stake: number
  cancelled: number
  placed_inplay: boolean
}

/** What a commit does to orders: those it places and the counters it moves on older ones. */
interface CommitOrders {
  created: Map<string, CreatedOrder>
  older: Map<string, { stake: number; value: number; cancelled: number }>
}

/**
 * A later entry of a commit may match or cancel an order an earlier one placed: such an order
 * is written as it ends, and only orders from earlier commits get their counters moved.
 */
function commitOrders(accepted: readonly Accepted[]): CommitOrders {
  const created = new Map<string, CreatedOrder>()
  const older = new Map<string, { stake: number; value: number; cancelled: number }>()
  const olderOf = (id: string) => {
    const c = older.get(id) ?? { stake: 0, value: 0, cancelled: 0 }
    older.set(id, c)
    return c
  }
  for (const { entry, writes } of accepted) {
    const { state, trader } = entry
    for (const o of writes.orders) {
      created.set(o.id, {
        id: o.id,
        user_id: trader.userId,
        book: trader.book,
        market_id: state.id,
        event_id: state.eventId,
        market_kind: state.kind,
        selection_id: o.leg.selectionId,
        side: o.leg.side,
        odds: o.leg.odds,
        line: o.leg.line,
        stake: o.leg.stake,
        matched: o.matched,
        matched_value: o.matchedValue,
        remaining: o.remaining,
        cancelled: o.cancelled,
        placed_inplay: inPlayOf(state),
      })
    }
    for (const f of writes.fills) {
      const makerId = f.taker === 'BACK' ? f.layOrderId : f.backOrderId
      const maker = created.get(makerId)
      if (maker) {
        maker.matched += f.stake
        maker.matched_value += f.stake * f.odds
        maker.remaining -= f.stake
      } else {
        const c = olderOf(makerId)
        c.stake += f.stake
        c.value += f.stake * f.odds
      }
    }
    for (const c of writes.cancels) {
      const order = created.get(c.orderId)
      if (order) {
        order.remaining -= c.size
        order.cancelled += c.size
      } else olderOf(c.orderId).cancelled += c.size
    }
  }
  return { created, older }
}

const positionOfNone: Position = {
  userId: '',
  book: 'real',
  matched: [],
  pl: [],
  fancy: [],
  open: new Set(),
  held: 0,
}

function placedAnswer(writes: TradeWrites): Placed {
  const bets = writes.orders.map((o) => ({
    bet_id: o.id,
    status: orderStatusOf(o.matched, o.remaining),
    matched_stack: rupees(o.matched),
    unmatched_stack: rupees(o.remaining),
    avg_odds: o.leg.line === null ? avgOdds(o.matched, o.matchedValue) : null,
  }))
  const unmatched = bets.some((b) => b.unmatched_stack > 0)
  const matched = bets.some((b) => b.matched_stack > 0)
  const msg =
    writes.orders.length === 0
      ? 'Bet cancelled.'
      : !unmatched
        ? 'Bet matched.'
        : matched
          ? 'Bet partially matched; the rest is waiting unmatched.'
          : 'Bet placed; waiting unmatched.'
  return { msg, bets }
}
