import { randomUUID } from 'node:crypto'
import type { AutoCashOut } from '@backlay/contract/bets'
import { paiseToRupees, rupeesToPaise } from '@backlay/contract/money'
import { autoCashOutTrigger } from '@backlay/exchange/auto-cash-out'
import type { Paise } from '@backlay/exchange/ids'
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely, Selectable } from 'kysely'
import type { Clock } from '../clock'
import type { Database } from '../db/schema'
import type { AutoCashOutTable } from '../db/schema-exchange'
import { fail, type Result, success } from '../result'
import type { MessageBus } from '../stream/message-bus'
import { cashOutThroughDelay } from './cash-out-leg'
import type { ExchangeEngine } from './exchange-engine'
import type { Trader } from './trade-types'

type Rule = Selectable<AutoCashOutTable>
type Ended = 'DONE' | 'FAILED' | 'CANCELLED'

const CANCELLED_MSG = {
  manual: 'Automatic cash-out cancelled: you cashed out yourself.',
  suspended: 'Automatic cash-out cancelled: the market was suspended.',
  closed: 'Automatic cash-out cancelled: the market closed.',
  removed: 'Automatic cash-out removed.',
} as const
export type CancelReason = keyof typeof CANCELLED_MSG

const toWire = (row: Rule): AutoCashOut => ({
  marketId: row.market_id,
  profitTarget: row.profit_target === null ? null : paiseToRupees(row.profit_target),
  lossLimit: row.loss_limit === null ? null : paiseToRupees(row.loss_limit),
  state: row.state === 'TRIGGERED' ? 'ACTIVE' : row.state,
  msg: row.msg,
})

/**
 * Players' automatic cash-outs. The rules live in the store, so they outlast a restart; this
 * process follows the `market:<id>` channel of every market with one: each price change checks
 * the market's rules (one check at a time per market) against what a full cash-out would lock in
 * now, and a rule whose trigger is crossed is claimed in the store — so it fires at most once,
 * however many price moves race — and cashed out like a player's cash-out, bet delay included.
 * A suspension or the close cancels a market's rules; so does the player's own cash-out.
 */
export class AutoCashOuts {
  private readonly watched = new Map<string, () => void>()
  private readonly checking = new Map<string, Promise<void>>()
  private readonly again = new Set<string>()
  private readonly firing = new Set<Promise<unknown>>()

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly bus: MessageBus,
    private readonly engine: ExchangeEngine,
    private readonly traderOf: (userId: string) => Promise<Trader | null>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Follows every market with an active rule (at start) and checks each once. */
  async start(): Promise<void> {
    const markets = await this.db
      .selectFrom('auto_cash_outs')
      .select('market_id')
      .distinct()
      .where('state', '=', 'ACTIVE')
      .execute()
    for (const { market_id } of markets) this.watch(market_id)
    await Promise.all(markets.map(({ market_id }) => this.check(market_id)))
  }

  /** Stops following markets and waits for checks and cash-outs under way. */
  async stop(): Promise<void> {
    for (const unsubscribe of this.watched.values()) unsubscribe()
    this.watched.clear()
    await Promise.all([...this.checking.values(), ...this.firing])
  }

  /** The player's rule on a market: the active one, else the last one, else null. */
  async get(userId: string, marketId: string): Promise<AutoCashOut | null> {
    const row = await this.db
      .selectFrom('auto_cash_outs')
      .selectAll()
      .where('user_id', '=', userId)
      .where('market_id', '=', marketId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst()
    return row ? toWire(row) : null
  }

  /**
   * Sets (replaces) the player's rule on a market, refused where cash-out is not offered or
   * while one is cashing out; a trigger already crossed fires at once.
   */
  async set(
    trader: Trader,
    marketId: string,
    rule: { profitTarget: number | null; lossLimit: number | null },
  ): Promise<Result<AutoCashOut>> {
    const offered = await this.engine.cashOutLeg(trader, marketId, 100)
    if (!offered.ok && offered.code === 'CASHOUT.NOT_AVAILABLE') return offered
    const now = new Date(this.clock.now())
    const row = await this.db.transaction().execute(async (trx) => {
      const running = await trx
        .selectFrom('auto_cash_outs')
        .select('id')
        .where('user_id', '=', trader.userId)
        .where('market_id', '=', marketId)
        .where('state', '=', 'TRIGGERED')
        .executeTakeFirst()
      if (running) return null
      await trx
        .updateTable('auto_cash_outs')
        .set({ state: 'CANCELLED', msg: CANCELLED_MSG.removed, ended_at: now })
        .where('user_id', '=', trader.userId)
        .where('market_id', '=', marketId)
        .where('state', '=', 'ACTIVE')
        .execute()
      return trx
        .insertInto('auto_cash_outs')
        .values({
          id: randomUUID(),
          user_id: trader.userId,
          market_id: marketId,
          profit_target: rule.profitTarget === null ? null : rupeesToPaise(rule.profitTarget),
          loss_limit: rule.lossLimit === null ? null : rupeesToPaise(rule.lossLimit),
          state: 'ACTIVE',
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
    })
    if (!row) return fail('CASHOUT.CONFLICT', 'An automatic cash-out is under way on this market.')
    this.watch(marketId)
    void this.check(marketId)
    return success(toWire(row))
  }

  /** Ends the player's active rule on a market (their own cash-out, or removed). */
  async cancel(userId: string, marketId: string, reason: CancelReason): Promise<boolean> {
    const ended = await this.end({ userId, marketId }, 'ACTIVE', 'CANCELLED', CANCELLED_MSG[reason])
    return ended.length > 0
  }

  /** Checks now; tests call it to wait for a check the price change started. */
  check(marketId: string): Promise<void> {
    const running = this.checking.get(marketId)
    if (running) {
      this.again.add(marketId)
      return running
    }
    const run = this.checkMarket(marketId)
      .catch((err) => this.log.error({ err, marketId }, 'automatic cash-out check failed'))
      .finally(() => {
        this.checking.delete(marketId)
        if (this.again.delete(marketId)) void this.check(marketId)
      })
    this.checking.set(marketId, run)
    return run
  }

  /** Waits until the checks and cash-outs under way have finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.checking.size + this.firing.size > 0)
      await Promise.all([...this.checking.values(), ...this.firing])
  }

  private watch(marketId: string) {
    if (this.watched.has(marketId)) return
    const unsubscribe = this.bus.subscribe(`market:${marketId}`, (message) => {
      const m = message as { type?: string; status?: string }
      if (m.type === 'status' && (m.status === 'SUSPENDED' || m.status === 'CLOSED'))
        void this.endMarket(marketId, m.status === 'CLOSED' ? 'closed' : 'suspended')
      else if (m.type === 'prices') void this.check(marketId)
    })
    this.watched.set(marketId, unsubscribe)
  }

  private async endMarket(marketId: string, reason: CancelReason) {
    await this.end({ marketId }, 'ACTIVE', 'CANCELLED', CANCELLED_MSG[reason]).catch((err) =>
      this.log.error({ err, marketId }, 'cancelling automatic cash-outs failed'),
    )
  }

  private async checkMarket(marketId: string) {
    const rules = await this.db
      .selectFrom('auto_cash_outs')
      .selectAll()
      .where('market_id', '=', marketId)
      .where('state', '=', 'ACTIVE')
      .execute()
    if (rules.length === 0) {
      this.watched.get(marketId)?.()
      this.watched.delete(marketId)
      return
    }
    for (const rule of rules) {
      const trader = await this.traderOf(rule.user_id)
      if (!trader) continue
      const quote = await this.engine.cashOutLeg(trader, marketId, 100)
      if (!quote.ok) continue
      const trigger = autoCashOutTrigger(quote.value.value as Paise, {
        profitTarget: rule.profit_target as Paise | null,
        lossLimit: rule.loss_limit as Paise | null,
      })
      if (trigger) this.fire(rule, trader)
    }
  }

  /** Claims the rule (once, whatever races it) and cashes the position out. */
  private fire(rule: Rule, trader: Trader) {
    const run = (async () => {
      const claimed = await this.db
        .updateTable('auto_cash_outs')
        .set({ state: 'TRIGGERED' })
        .where('id', '=', rule.id)
        .where('state', '=', 'ACTIVE')
        .returning('id')
        .executeTakeFirst()
      if (!claimed) return
      const done = await cashOutThroughDelay(this.engine, trader, rule.market_id, 100)
      const msg = done.ok ? 'Automatic cash-out done.' : `Automatic cash-out failed: ${done.msg}`
      await this.end({ id: rule.id }, 'TRIGGERED', done.ok ? 'DONE' : 'FAILED', msg)
    })()
      .catch((err) => this.log.error({ err, rule: rule.id }, 'automatic cash-out failed'))
      .finally(() => this.firing.delete(run))
    this.firing.add(run)
  }

  /** Ends the matching rules in `from` state and tells each player on the stream. */
  private async end(
    which: { id?: string; userId?: string; marketId?: string },
    from: 'ACTIVE' | 'TRIGGERED',
    state: Ended,
    msg: string,
  ) {
    let q = this.db
      .updateTable('auto_cash_outs')
      .set({ state, msg, ended_at: new Date(this.clock.now()) })
      .where('state', '=', from)
    if (which.id) q = q.where('id', '=', which.id)
    if (which.userId) q = q.where('user_id', '=', which.userId)
    if (which.marketId) q = q.where('market_id', '=', which.marketId)
    const ended = await q.returning(['user_id', 'market_id']).execute()
    for (const e of ended)
      this.bus.publish(`user:${e.user_id}`, {
        type: 'autoCashOut',
        market_id: e.market_id,
        state,
        msg,
      })
    return ended
  }
}
