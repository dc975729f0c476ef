import { oddsToDecimal } from '@backlay/contract/money'
import type { DepthMessage } from '@backlay/contract/stream'
import { levelChanges } from '@backlay/exchange/depth'
import { type Fill, marketDepth, marketView, samePrices } from '@backlay/exchange/order-book'
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import { ladderChannel } from '../stream/channels'
import type { MessageBus } from '../stream/message-bus'
import { MARKET_MAKER_ID } from './accounts'
import type { MarketState } from './market-state'
import { type Accepted, avgOdds, type OrderRow, orderStatusOf, rupees } from './trade-types'

type TraderBalance = NonNullable<Accepted['balances']>

/** Which book field each side of a `depth` message carries. */
const SIDE_FIELD = { back: 'availableToBack', lay: 'availableToLay', traded: 'traded' } as const

/** A side of a runner's ladder as the stream sends it. */
const cells = (levels: readonly { price: number; size: number }[]) =>
  levels.map((l) => ({
    price: oddsToDecimal(l.price),
    oprice: oddsToDecimal(l.price),
    size: rupees(l.size),
  }))

/** Levels as the ladder channel sends them: decimal odds, rupees. */
const levelsOut = (levels: readonly { price: number; size: number }[]) =>
  levels.map((l) => ({ price: oddsToDecimal(l.price), size: rupees(l.size) }))

/**
 * Numbers and publishes a market's messages on the bus: changed best prices and status on
 * `market:<id>` (each with the channel's next sequence number, for the stream's resume), every
 * changed price of the book on `ladder:<id>`, and
 * each trader's orders, position and balance on `user:<id>` after a commit. Called by the engine
 * after every commit, by the feed and by operators' status changes.
 */
export class MarketPublisher {
  private readonly seqs = new Map<string, number>()

  constructor(
    private readonly bus: MessageBus,
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The last `seq` published on channel `market:<id>` (0 before any). */
  sequence(marketId: string): number {
    return this.seqs.get(`market:${marketId}`) ?? 0
  }

  private nextSeq(channel: string): number {
    const seq = (this.seqs.get(channel) ?? 0) + 1
    this.seqs.set(channel, seq)
    return seq
  }

  /** Best prices and every changed level; `fills` (just matched) give the last traded prices. */
  publishPrices(state: MarketState, fills: readonly Fill[] = []) {
    if (!state.book) return
    this.publishDepth(state, fills)
    const runners = []
    for (const r of marketView(state.book).runners) {
      if (samePrices(r, state.lastPrices.get(r.selectionId))) continue
      state.lastPrices.set(r.selectionId, r)
      runners.push({
        selectionId: r.selectionId as string,
        availableToBack: cells(r.availableToBack),
        availableToLay: cells(r.availableToLay),
        tradedVolume: rupees(r.totalMatched),
      })
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

  /**
   * The ladder channel's changes since it last spoke: each runner's levels that moved (size 0:
   * none left there) and its newest traded price; the first after a load is a whole image.
   */
  private publishDepth(state: MarketState, fills: readonly Fill[]) {
    if (!state.book) return
    const image = state.lastDepth.size === 0
    const lastTraded = new Map(fills.map((f) => [f.selectionId as string, f.odds]))
    const runners: DepthMessage['runners'] = []
    for (const after of marketDepth(state.book)) {
      const id = after.selectionId as string
      const before = state.lastDepth.get(id)
      state.lastDepth.set(id, after)
      const ltp = lastTraded.get(id)
      const change: DepthMessage['runners'][number] = {
        selectionId: id,
        ...(ltp !== undefined ? { lastTradedPrice: oddsToDecimal(ltp) } : {}),
      }
      for (const side of ['back', 'lay', 'traded'] as const) {
        const field = SIDE_FIELD[side]
        const levels = before ? levelChanges(before[field], after[field]) : after[field]
        if (image || levels.length > 0) change[side] = levelsOut(levels)
      }
      if (image || Object.keys(change).length > 1) runners.push(change)
    }
    if (runners.length === 0) return
    const channel = ladderChannel(state.id)
    this.bus.publish(channel, {
      type: 'depth',
      market_id: state.id,
      seq: this.nextSeq(channel),
      image,
      runners,
    })
  }

  private publishTrades(marketId: string, fills: readonly Fill[], at: number) {
    if (fills.length === 0) return
    const channel = `market:${marketId}`
    this.bus.publish(channel, {
      type: 'trades',
      market_id: marketId,
      seq: this.nextSeq(channel),
      trades: fills.map((f) => ({
        selectionId: f.selectionId as string,
        price: oddsToDecimal(f.odds),
        size: rupees(f.stake),
        at,
      })),
    })
  }

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

  /** Prices and trades, then each touched trader's balance, orders and position, after a commit. */
  publishCommit(
    state: MarketState,
    accepted: readonly Accepted[],
    created: ReadonlyMap<string, OrderRow>,
    at: number,
  ) {
    const fills = accepted.flatMap((a) => a.writes.fills)
    this.publishPrices(state, fills)
    this.publishTrades(state.id, fills, at)
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
    const balances = new Map<string, TraderBalance>()
    for (const a of accepted)
      if (a.exposureChanged && a.balances) balances.set(a.entry.trader.userId, a.balances)
    this.publishTraders(state, touched, balances, created)
  }

  /**
   * Each trader's balance, then their touched orders and their position, on `user:<id>`; the
   * market maker has no stream, so `touched` leaves it out.
   */
  publishTraders(
    state: MarketState,
    touched: ReadonlyMap<string, ReadonlySet<string>>,
    balances: ReadonlyMap<string, TraderBalance>,
    created: ReadonlyMap<string, OrderRow> = new Map(),
  ) {
    for (const [userId, b] of balances) {
      if (userId === MARKET_MAKER_ID) continue
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

  private async publishOrders(
    state: MarketState,
    touched: ReadonlyMap<string, ReadonlySet<string>>,
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
