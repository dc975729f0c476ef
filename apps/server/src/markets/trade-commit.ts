import type { CommitOrders, TradeWrites } from '@backlay/exchange/trade'
import { commitOrders } from '@backlay/exchange/trade'
import type { Kysely } from 'kysely'
import type { Clock } from '../clock'
import { writeAsOneStatement, writeAtomically } from '../db/one-statement'
import type { Database, LedgerBook } from '../db/schema'
import { KnownBalances } from '../ledger/known-balances'
import { type AccountRow, AccountsForPosting, lockAccounts } from '../ledger/ledger'
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
  type Ready,
  Refusal,
  TRADE_MSG,
  type Trader,
} from './trade-types'
import { undoRest, writesOf } from './trade-writes'

/**
 * Group writes in flight at once: while one waits for the store the next is checked. Their
 * markets never overlap (a market's batch waits for its group), and each locks or moves its
 * accounts in id order, so they do not deadlock each other.
 */
const GROUPS_IN_FLIGHT = 3

/**
 * The one write path of the exchange: changes (placements, cancels, requotes, lapses) applied to
 * their markets in memory and written with their ledger postings all or none, the ready changes
 * of every market sharing a group write. Owned by the engine, which hands over
 * how to reload a market after a failed write and what to do once a market's changes are in.
 */
export class TradeCommitter {
  private readonly known = new KnownBalances()
  private readonly groups = new GroupCommit<readonly Entry[], Result<Placed>[]>(
    async (submissions) => {
      const started = performance.now()
      try {
        return await this.commitTogether(submissions, true)
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
    /**
     * Refuses, inside the transaction, writes to markets this process no longer owns; none when
     * this process is the only one.
     */
    private readonly fence:
      | ((trx: Kysely<Database>, marketIds: readonly string[]) => Promise<void>)
      | undefined,
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

  /** Placements to write in the next group write, answered in order (see commitTogether). */
  submit(entries: readonly Entry[]): Promise<Result<Placed>[]> {
    return this.groups.submit(entries)
  }

  /**
   * Commits the waiting placements of one market (in the shared group write when `grouped`) and
   * answers each; false when they must be redone one by one, each in a transaction of its own.
   */
  async commitWaiting(
    state: MarketState,
    batch: readonly Ready[],
    grouped: boolean,
  ): Promise<boolean> {
    if (batch.length === 0) return true
    const entries = batch.map((w) => w.plan(state, w.market))
    try {
      const results = grouped ? await this.submit(entries) : await this.commitAll(entries)
      batch.forEach((w, i) => {
        w.resolve(results[i] ?? fail('BET.MARKET_NOT_FOUND', TRADE_MSG.notFound))
      })
      return true
    } catch (error) {
      if (batch.length > 1 || error instanceof BatchBroken) return false
      throw error
    }
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
   * fills, cancellations, held exposures and ledger postings of all of them together, answering
   * each submission (a list of entries) in order. An entry whose check or funds refuse it is
   * taken back alone when it only added resting orders; otherwise (and on any error) nothing is
   * written and the markets are reloaded from the store: a lone entry answers its refusal,
   * anything larger throws BatchBroken so its placements are redone one by one.
   *
   * With `fromKnown`, a group whose accounts are all known (KnownBalances) is checked against
   * them and written as one statement, no lock taken first: one round trip instead of four. A
   * refusal they suggest stands only if the accounts, then locked, held exactly those balances;
   * a write a stale balance let through is refused by the store's CHECK. Either failure redoes
   * the group from the store, so a stale balance costs time, never a wrong answer. Everything
   * else locks the accounts first, in a transaction, as does a cluster node, whose writes are
   * fenced.
   */
  async commitTogether(
    submissions: readonly (readonly Entry[])[],
    fromKnown = false,
  ): Promise<Result<Placed>[][]> {
    const now = this.clock.now()
    const entries = submissions.flat()
    const states = [...new Set(entries.map((e) => e.state))]
    const accountIds = [
      ...new Set(
        entries.flatMap(({ trader }) => [
          userCashAccountId(trader.userId, trader.book),
          exposureAccountId(trader.userId, trader.book),
        ]),
      ),
    ]
    const known = fromKnown && !this.fence ? this.known.of(accountIds) : undefined
    let applied: Applied
    try {
      if (known) {
        const funds = new AccountsForPosting(known)
        applied = this.apply(entries, funds, false)
        // A group checked while this one is being written sees what it posts; if this one
        // fails, the catch below forgets the accounts again.
        this.known.remember(funds.rows())
        await (applied.fundsRefused
          ? this.writeIfKnownWereExact(applied, known, now)
          : this.writeMoves(applied, now))
      } else {
        applied = await this.db.transaction().execute(async (trx) => {
          await this.fence?.(
            trx,
            states.map((state) => state.id),
          )
          const done = this.apply(entries, await lockAccounts(trx, accountIds), true)
          await this.writeLocked(trx, done, now)
          return done
        })
      }
    } catch (error) {
      this.known.forget(accountIds)
      // Every market, though the store fails one's reload: the failure to answer is this one.
      await Promise.allSettled(states.map((state) => this.reload(state.id)))
      if (error instanceof Refusal) return [[error.failure]]
      // One market's failure must not refuse the others' placements: they are all redone alone,
      // as is a group written from known balances, which may have been stale.
      throw submissions.length > 1 || known ? new BatchBroken() : error
    }
    const { accepted, results, orders } = applied
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

  /**
   * Applies each entry's check and change to memory and posts what it holds on `funds`, in order.
   * A refusal by funds that are not locked cannot be answered alone: it may be stale.
   */
  private apply(entries: readonly Entry[], funds: AccountsForPosting, locked: boolean): Applied {
    const alone = entries.length === 1
    const results: Result<Placed>[] = []
    const accepted: Accepted[] = []
    let fundsRefused = false
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
        none: position.none,
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
            throw alone && locked ? new Refusal(refusal) : new BatchBroken()
          fundsRefused = true
          results.push(refusal)
          continue
        }
      }
      position.held = required
      const answer = placedAnswer(writes)
      accepted.push({ entry, writes, answer, exposureChanged: delta !== 0 })
      results.push(success(answer))
    }
    const orders = commitOrders(
      accepted.map(({ entry, writes }) => ({
        market: entry.state,
        userId: entry.trader.userId,
        book: entry.trader.book,
        inPlay: inPlayOf(entry.state),
        writes,
      })),
    )
    return { results, accepted, orders, funds, fundsRefused }
  }

  /** Writes what `apply` accepted on locked accounts, inside their transaction. */
  private async writeLocked(trx: Kysely<Database>, applied: Applied, now: number) {
    const { accepted, orders, funds } = applied
    await writeAsOneStatement(trx, [...writesOf(accepted, orders, now), ...funds.takeWrites()])
    setBalances(accepted, (id) => funds.balance(id))
    this.known.remember(funds.rows())
  }

  /** Writes what `apply` accepted on known balances as one statement, moving each balance. */
  private async writeMoves(applied: Applied, now: number) {
    const { accepted, orders, funds } = applied
    const { rows, moves } = funds.takeMoves()
    const moved = await writeAtomically<{ id: string; balance: number }>(
      this.db,
      [...writesOf(accepted, orders, now), ...rows],
      moves,
    )
    const balances = new Map(moved.map((m) => [m.id, m.balance]))
    setBalances(accepted, (id) => balances.get(id))
    this.known.remember(
      funds.rows().map((row) => ({ ...row, balance: balances.get(row.id) ?? row.balance })),
    )
  }

  /**
   * The known balances refused a placement: writes the group under lock if they were exact, so
   * the refusal stands; otherwise throws, and the group is redone from the store.
   */
  private async writeIfKnownWereExact(applied: Applied, known: readonly AccountRow[], now: number) {
    await this.db.transaction().execute(async (trx) => {
      const ids = known.map((row) => row.id)
      const locked = await lockAccounts(trx, ids)
      if (known.some((row) => locked.balance(row.id) !== row.balance)) throw new BatchBroken()
      await this.writeLocked(trx, applied, now)
    })
  }
}

/** What `apply` made of a group: the answers, the accepted entries and what they write. */
interface Applied {
  results: Result<Placed>[]
  accepted: Accepted[]
  orders: CommitOrders<LedgerBook>
  funds: AccountsForPosting
  fundsRefused: boolean
}

/** Each accepted entry's trader's balances as the write left them. */
function setBalances(accepted: readonly Accepted[], balance: (id: string) => number | undefined) {
  for (const a of accepted) {
    const { userId, book } = a.entry.trader
    a.balances = {
      cash: balance(userCashAccountId(userId, book)),
      exposure: balance(exposureAccountId(userId, book)),
    }
  }
}
