import type { CommitOrders, TradeWrites } from '@backlay/exchange/trade'
import { commitOrders } from '@backlay/exchange/trade'
import type { Kysely } from 'kysely'
import type { Clock } from '../clock'
import { writeAsOneStatement } from '../db/one-statement'
import type { Database, LedgerBook } from '../db/schema'
import { lockAccounts } from '../ledger/ledger'
import { fail, type Result, success } from '../result'
import { exposureAccountId, userCashAccountId } from './accounts'
import { GroupCommit } from './group-commit'
import {
  inPlayOf,
  type MarketState,
  type Position,
  positionOf,
  requiredExposure,
} from './market-state'
import {
  type Accepted,
  BatchBroken,
  type Entry,
  type OrderRow,
  type Placed,
  type PlaceOptions,
  placedAnswer,
  Refusal,
  TRADE_MSG,
  type Trader,
} from './trade-types'
import { undoRest, writesOf } from './trade-writes'

/**
 * Group transactions written at once: while one waits for the store the next is checked. Their
 * markets never overlap (a market's batch waits for its group), and each locks its accounts in
 * id order, so they cannot deadlock each other.
 */
const GROUPS_IN_FLIGHT = 3

/**
 * The one write path of the exchange: changes (placements, cancels, requotes, lapses) applied to
 * their markets in memory and written with their ledger postings in one transaction, the ready
 * changes of every market sharing a group transaction. Owned by the engine, which hands over
 * how to reload a market after a failed write and what to do once a market's changes are in.
 */
export class TradeCommitter {
  private readonly groups = new GroupCommit<readonly Entry[], Result<Placed>[]>(
    async (submissions) => {
      const started = performance.now()
      try {
        return await this.commitTogether(submissions)
      } finally {
        this.observeGroup?.(
          submissions.reduce((n, s) => n + s.length, 0),
          (performance.now() - started) / 1000,
        )
      }
    },
    GROUPS_IN_FLIGHT,
  )

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    /** Refuses, inside the transaction, writes to markets this process no longer owns. */
    private readonly fence: (trx: Kysely<Database>, marketIds: readonly string[]) => Promise<void>,
    /** Throws away a market's memory and loads it again from the store. */
    private readonly reload: (marketId: string) => Promise<void>,
    /** A market's accepted changes are written (at `at`, epoch ms): publish them, forget its standing quote. */
    private readonly committed: (
      state: MarketState,
      accepted: readonly Accepted[],
      created: ReadonlyMap<string, OrderRow>,
      at: number,
    ) => void,
    /** Told of each group transaction: its entries and its seconds (operations metrics). */
    private readonly observeGroup?: (entries: number, seconds: number) => void,
  ) {}

  /** Entries to write in the next group transaction, answered in order. */
  submit(entries: readonly Entry[]): Promise<Result<Placed>[]> {
    return this.groups.submit(entries)
  }

  async commit(
    state: MarketState,
    trader: Trader,
    options: PlaceOptions,
    change: (position: Position) => TradeWrites,
  ): Promise<Result<Placed>> {
    const [result] = await this.commitAll([{ state, trader, options, change }])
    return result ?? fail('BET.MARKET_NOT_FOUND', TRADE_MSG.notFound)
  }

  async commitAll(entries: readonly Entry[]): Promise<Result<Placed>[]> {
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
  async commitTogether(submissions: readonly (readonly Entry[])[]): Promise<Result<Placed>[][]> {
    const now = this.clock.now()
    const entries = submissions.flat()
    const results: Result<Placed>[] = []
    const accepted: Accepted[] = []
    const alone = entries.length === 1
    const states = [...new Set(entries.map((e) => e.state))]
    let orders: CommitOrders<LedgerBook> = { created: new Map(), older: new Map() }
    try {
      await this.db.transaction().execute(async (trx) => {
        await this.fence(
          trx,
          states.map((state) => state.id),
        )
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
              requestId: entry.options.requestId ?? null,
            })
            if (!posted.ok) {
              const refusal = fail('BET.INSUFFICIENT_FUNDS', TRADE_MSG.funds)
              if (!undoRest(state, position, writes, before))
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
        orders = commitOrders(
          accepted.map(({ entry, writes }) => ({
            market: entry.state,
            userId: entry.trader.userId,
            book: entry.trader.book,
            inPlay: inPlayOf(entry.state),
            writes,
          })),
        )
        await writeAsOneStatement(trx, [
          ...writesOf(trx, accepted, orders, now),
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
      if (mine.length > 0) this.committed(state, mine, orders.created, now)
    }
    let start = 0
    return submissions.map((s) => {
      start += s.length
      return results.slice(start - s.length, start)
    })
  }
}
