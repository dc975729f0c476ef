import type { OrderMarketChange, StreamOrder } from '@backlay/contract/betfair-stream'
import { oddsToDecimal, paiseToRupees } from '@backlay/contract/money'
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely, Selectable } from 'kysely'
import type { Database } from '../../db/schema'
import type { BetOrderTable } from '../../db/schema-exchange'
import { EXCHANGE_KINDS } from '../../markets/market-state'
import { userChannel } from '../../stream/channels'
import type { MessageBus } from '../../stream/message-bus'
import { averagePrice } from '../market-book'

type OrderRow = Pick<
  Selectable<BetOrderTable>,
  | 'id'
  | 'market_id'
  | 'selection_id'
  | 'side'
  | 'odds'
  | 'stake'
  | 'matched'
  | 'matched_value'
  | 'remaining'
  | 'cancelled'
  | 'keep_inplay'
  | 'placed_inplay'
  | 'customer_order_ref'
  | 'customer_strategy_ref'
  | 'placed_at'
>

const ORDER_COLUMNS = [
  'id',
  'market_id',
  'selection_id',
  'side',
  'odds',
  'stake',
  'matched',
  'matched_value',
  'remaining',
  'cancelled',
  'keep_inplay',
  'placed_inplay',
  'customer_order_ref',
  'customer_strategy_ref',
  'placed_at',
] as const

/** A bet as the order stream's Order: E while part of it is unmatched, EC once it is done. */
export function streamOrderOf(o: OrderRow): StreamOrder {
  return {
    id: o.id,
    p: oddsToDecimal(o.odds),
    s: paiseToRupees(o.stake),
    side: o.side === 'BACK' ? 'B' : 'L',
    status: o.remaining > 0 ? 'E' : 'EC',
    pt: o.keep_inplay || o.placed_inplay ? 'P' : 'L',
    ot: 'L',
    pd: o.placed_at.getTime(),
    ...(o.matched > 0 ? { avp: averagePrice(o) } : {}),
    sm: paiseToRupees(o.matched),
    sr: paiseToRupees(o.remaining),
    sl: 0,
    sc: paiseToRupees(o.cancelled),
    sv: 0,
    rac: '',
    rc: 'BACKLAY',
    ...(o.customer_order_ref ? { rfo: o.customer_order_ref } : {}),
    ...(o.customer_strategy_ref ? { rfs: o.customer_strategy_ref } : {}),
  }
}

/** The player's matched stake by matched price on each runner of `marketIds`, per side. */
async function matchedByPrice(db: Kysely<Database>, userId: string, marketIds: string[]) {
  if (marketIds.length === 0) return new Map<string, { mb: number[][]; ml: number[][] }>()
  const side = (column: 'back_user_id' | 'lay_user_id') =>
    db
      .selectFrom('bet_fills')
      .select(['market_id', 'selection_id', 'odds', (eb) => eb.fn.sum<number>('stake').as('size')])
      .where(column, '=', userId)
      .where('market_id', 'in', marketIds)
      .where('voided', '=', false)
      .groupBy(['market_id', 'selection_id', 'odds'])
      .orderBy('odds')
      .execute()
  const [backs, lays] = await Promise.all([side('back_user_id'), side('lay_user_id')])
  const out = new Map<string, { mb: number[][]; ml: number[][] }>()
  const add = (rows: typeof backs, key: 'mb' | 'ml') => {
    for (const r of rows) {
      const at = `${r.market_id}/${r.selection_id}`
      const entry = out.get(at) ?? { mb: [], ml: [] }
      entry[key].push([oddsToDecimal(r.odds), paiseToRupees(Number(r.size))])
      out.set(at, entry)
    }
  }
  add(backs, 'mb')
  add(lays, 'ml')
  return out
}

/**
 * The order stream's changes of `orders`, grouped by market and runner, each runner with what
 * the player matched there by price; `fullImage` marks an image that replaces what a client had.
 */
async function marketChangesOf(
  db: Kysely<Database>,
  userId: string,
  orders: readonly OrderRow[],
  fullImage: boolean,
): Promise<OrderMarketChange[]> {
  const marketIds = [...new Set(orders.map((o) => o.market_id))]
  const matched = await matchedByPrice(db, userId, marketIds)
  return marketIds.map((marketId) => {
    const mine = orders.filter((o) => o.market_id === marketId)
    const selections = [...new Set(mine.map((o) => o.selection_id))]
    return {
      id: marketId,
      ...(fullImage ? { fullImage: true } : {}),
      orc: selections.map((selectionId) => {
        const levels = matched.get(`${marketId}/${selectionId}`)
        const uo = mine
          .filter((o) => o.selection_id === selectionId && (!fullImage || o.remaining > 0))
          .map(streamOrderOf)
        return {
          id: Number(selectionId),
          ...(fullImage ? { fullImage: true } : {}),
          ...(uo.length > 0 ? { uo } : {}),
          ...(levels?.mb.length ? { mb: levels.mb as [number, number][] } : {}),
          ...(levels?.ml.length ? { ml: levels.ml as [number, number][] } : {}),
        }
      }),
    }
  })
}

/** The player's unsettled exchange bets as the order stream's image. */
export async function orderImage(
  db: Kysely<Database>,
  userId: string,
): Promise<OrderMarketChange[]> {
  const orders = await db
    .selectFrom('bet_orders')
    .select(ORDER_COLUMNS)
    .where('user_id', '=', userId)
    .where('status', '=', 'OPEN')
    .where('market_kind', 'in', EXCHANGE_KINDS)
    .where((eb) => eb.or([eb('remaining', '>', 0), eb('matched', '>', 0)]))
    .orderBy('seq')
    .execute()
  return marketChangesOf(db, userId, orders, true)
}

/** Who follows a player's orders: a connection's order subscription. */
export interface OrderFollower {
  readonly userId: string
  changed(changes: readonly OrderMarketChange[]): void
}

/**
 * The players' order changes for the order stream: the engine names each touched bet on the
 * player's bus channel after its commit; each batch is read back once and handed to every
 * connection of that player.
 */
export class OrderStream {
  private readonly players = new Map<string, { followers: Set<OrderFollower>; off: () => void }>()
  private readonly touched = new Map<string, Set<string>>()
  private flushing: Promise<void> | null = null

  constructor(
    private readonly deps: { db: Kysely<Database>; bus: MessageBus; log: FastifyBaseLogger },
  ) {}

  follow(follower: OrderFollower) {
    let player = this.players.get(follower.userId)
    if (!player) {
      const off = this.deps.bus.subscribe(userChannel(follower.userId), (message) => {
        const m = message as { type?: string; bet_id?: string; market_id?: string }
        if (m.type !== 'order' || !m.bet_id) return
        const bets = this.touched.get(follower.userId) ?? new Set()
        bets.add(m.bet_id)
        this.touched.set(follower.userId, bets)
        this.scheduleFlush()
      })
      player = { followers: new Set(), off }
      this.players.set(follower.userId, player)
    }
    player.followers.add(follower)
  }

  unfollow(follower: OrderFollower) {
    const player = this.players.get(follower.userId)
    if (!player) return
    player.followers.delete(follower)
    if (player.followers.size > 0) return
    player.off()
    this.players.delete(follower.userId)
  }

  async idle(): Promise<void> {
    while (this.flushing) await this.flushing
  }

  private scheduleFlush() {
    if (this.flushing) return
    this.flushing = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.flush())
      .catch((err) => this.deps.log.error({ err }, 'stream order changes failed'))
      .finally(() => {
        this.flushing = null
        if (this.touched.size > 0) this.scheduleFlush()
      })
  }

  private async flush() {
    const batch = [...this.touched]
    this.touched.clear()
    await Promise.all(
      batch.map(async ([userId, betIds]) => {
        const player = this.players.get(userId)
        if (!player) return
        const orders = await this.deps.db
          .selectFrom('bet_orders')
          .select(ORDER_COLUMNS)
          .where('user_id', '=', userId)
          .where('id', 'in', [...betIds])
          .where('market_kind', 'in', EXCHANGE_KINDS)
          .execute()
        if (orders.length === 0) return
        const changes = await marketChangesOf(this.deps.db, userId, orders, false)
        for (const follower of player.followers) follower.changed(changes)
      }),
    )
  }
}
