import type { UserOddsBet } from '@backlay/exchange/exposure'
import type { MarketId, Odds, Paise, SelectionId, UserId } from '@backlay/exchange/ids'
import { fancyBetPL, type UserFancyBet } from '@backlay/exchange/session'
import { type MarketResult, settleMarket, winnerPL, winnersOf } from '@backlay/exchange/settlement'
import type { FastifyInstance } from 'fastify'
import { type Kysely, sql } from 'kysely'
import type { Database, LedgerBook } from '../db/schema'
import type { BetOrderTable } from '../db/schema-exchange'
import { postTransaction } from '../ledger/ledger'
import type { LedgerLeg } from '../ledger/legs'
import { fail, type Result, success } from '../result'
import {
  commissionAccountId,
  commissionByUser,
  exposureAccountId,
  HOUSE_CASH,
  userCashAccountId,
} from './accounts'
import type { ExchangeEngine } from './exchange-engine'
import { betsOfFill, isExchangeKind, standingFills } from './market-state'

/** Commission on net market winnings: exchange markets only; the house is the other side elsewhere. */
export const EXCHANGE_COMMISSION_BPS = 200

export interface SettledSummary {
  marketId: string
  result: 'WINNER' | 'RUNS' | 'VOID'
  /** bets settled now */
  bets: number
  /** users whose balance moved */
  users: number
}

export type SettleFailureCode =
  | 'SETTLE.NOT_FOUND'
  | 'SETTLE.ALREADY_SETTLED'
  | 'SETTLE.UNKNOWN_WINNER'
  | 'SETTLE.RESULT_MISMATCH'

type Engine = Pick<
  ExchangeEngine,
  'exclusive' | 'forget' | 'publishStatus' | 'db' | 'clock' | 'catalogueMarket' | 'onOwner'
>
type AppWithBooks = Pick<FastifyInstance, 'books' | 'bus'>

const engineOf = (app: AppWithBooks): Engine => app.books as unknown as Engine

/**
 * Declares a match odds, bookmaker or racing market's result (winnerSelectionId null = void;
 * `deadHeatWith` the other winners of a dead heat) and settles it: the market closes, unmatched
 * orders are cancelled, every bet gets its P/L, and the ledger moves P/L, commission and the
 * released exposure. Exactly once: a second call answers SETTLE.ALREADY_SETTLED and changes
 * nothing, also across processes and after a crash (all of it is one transaction keyed by the
 * market id).
 */
export async function declareResult(
  app: AppWithBooks,
  input: {
    marketId: string
    winnerSelectionId: string | null
    deadHeatWith?: readonly string[]
    actorId: string
    /** The operator's HTTP call declaring it, carried to the settlement's ledger rows. */
    requestId?: string
  },
): Promise<Result<SettledSummary, SettleFailureCode>> {
  const deadHeatWith = (input.deadHeatWith ?? []) as SelectionId[]
  const result: MarketResult =
    input.winnerSelectionId === null
      ? { kind: 'VOID' }
      : {
          kind: 'WINNER',
          selectionId: input.winnerSelectionId as SelectionId,
          ...(deadHeatWith.length > 0 ? { deadHeatWith } : {}),
        }
  return settleOnOwner(engineOf(app), input.marketId, result, input.actorId, input.requestId)
}

/** The fancy (SESSION) variant: the final runs, or null to void every bet. */
export async function declareFancyResult(
  app: AppWithBooks,
  input: { marketId: string; runs: number | null; actorId: string; requestId?: string },
): Promise<Result<SettledSummary, SettleFailureCode>> {
  const result: MarketResult =
    input.runs === null ? { kind: 'VOID' } : { kind: 'RUNS', runs: input.runs }
  return settleOnOwner(engineOf(app), input.marketId, result, input.actorId, input.requestId)
}

const resultOf = (pl: number, matched: number, voided: boolean): 'WON' | 'LOST' | 'VOID' =>
  voided || matched === 0 ? 'VOID' : pl < 0 ? 'LOST' : 'WON'

/** `settle` on the process that holds the market's book (a cluster's owner of the market). */
const settleOnOwner = (
  engine: Engine,
  marketId: string,
  result: MarketResult,
  actorId: string,
  requestId?: string,
) =>
  engine.onOwner('declareResult', marketId, [marketId, result, actorId, requestId], () =>
    settle(engine, marketId, result, actorId, requestId),
  )

/** Settles a market on its result, in the market's queue so no trade of it runs meanwhile. */
export async function settle(
  engine: Engine,
  marketId: string,
  result: MarketResult,
  actorId: string,
  requestId?: string,
): Promise<Result<SettledSummary, SettleFailureCode>> {
  return engine.exclusive(marketId, async () => {
    const market = await engine.db
      .selectFrom('markets')
      .select(['id', 'kind', 'status'])
      .where('id', '=', marketId)
      .executeTakeFirst()
    if (!market) return fail('SETTLE.NOT_FOUND', 'Market not found')
    const fancy = market.kind === 'SESSION'
    if (result.kind !== 'VOID' && fancy !== (result.kind === 'RUNS')) {
      return fail(
        'SETTLE.RESULT_MISMATCH',
        fancy ? 'A fancy market settles on runs.' : 'This market settles on a winner.',
      )
    }
    if (result.kind === 'WINNER') {
      const runners = (await engine.catalogueMarket(marketId))?.runners ?? []
      const running = (w: string) =>
        runners.some((r) => r.selectionId === w && r.status !== 'REMOVED')
      if (!winnersOf(result).every(running))
        return fail('SETTLE.UNKNOWN_WINNER', 'The winner is not a runner of this market.')
    }
    const now = new Date(engine.clock.now())
    const summary = await engine.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto('market_settlements')
        .values({
          market_id: marketId,
          result_kind: result.kind,
          winner_selection_id: result.kind === 'WINNER' ? result.selectionId : null,
          dead_heat_with: deadHeatJson(result),
          result_runs: result.kind === 'RUNS' ? result.runs : null,
          actor_id: actorId,
          settled_at: now,
        })
        .onConflict((oc) => oc.column('market_id').doNothing())
        .returning('market_id')
        .executeTakeFirst()
      if (!claimed) return null
      await closeInCatalogue(trx, marketId, result, now)
      return settleBets(trx, { marketId, kind: market.kind, result, now, requestId })
    })
    engine.forget(marketId)
    if (!summary) return fail('SETTLE.ALREADY_SETTLED', 'The market is already settled.')
    // A market the feed closed was announced by the stream's feed publisher already.
    if (market.status !== 'CLOSED') engine.publishStatus(marketId, { status: 'CLOSED' })
    return success(summary)
  })
}

const deadHeatJson = (result: MarketResult) =>
  result.kind === 'WINNER' && result.deadHeatWith?.length
    ? JSON.stringify(result.deadHeatWith)
    : null

async function closeInCatalogue(
  trx: Kysely<Database>,
  marketId: string,
  result: MarketResult,
  now: Date,
) {
  await trx
    .updateTable('markets')
    .set({
      status: 'CLOSED',
      winner_selection_id: result.kind === 'WINNER' ? result.selectionId : null,
      dead_heat_with: deadHeatJson(result),
      result_value: result.kind === 'RUNS' ? result.runs : null,
      closed_at: now,
      updated_at: now,
    })
    .where('id', '=', marketId)
    .where('status', '<>', 'CLOSED')
    .execute()
  if (result.kind === 'WINNER') {
    await trx
      .updateTable('runners')
      .set({
        status: sql`CASE WHEN selection_id IN (${sql.join(winnersOf(result))}) THEN 'WINNER' WHEN status = 'REMOVED' THEN 'REMOVED' ELSE 'LOSER' END`,
        updated_at: now,
      })
      .where('market_id', '=', marketId)
      .execute()
  }
}

type OrderRow = Pick<
  BetOrderTable,
  'id' | 'user_id' | 'book' | 'selection_id' | 'side' | 'odds' | 'line' | 'matched'
>

async function settleBets(
  trx: Kysely<Database>,
  input: {
    marketId: string
    kind: string
    result: MarketResult
    now: Date
    requestId?: string | undefined
  },
): Promise<SettledSummary> {
  const { marketId, result, now } = input
  const orders: OrderRow[] = await trx
    .selectFrom('bet_orders')
    .select(['id', 'user_id', 'book', 'selection_id', 'side', 'odds', 'line', 'matched'])
    .where('market_id', '=', marketId)
    .where('status', '=', 'OPEN')
    .forUpdate()
    .execute()
  const exposures = await trx
    .selectFrom('market_exposures')
    .select(['user_id', 'book', 'held'])
    .where('market_id', '=', marketId)
    .execute()
  const { number_of_winners: places } = await trx
    .selectFrom('markets')
    .select('number_of_winners')
    .where('id', '=', marketId)
    .executeTakeFirstOrThrow()

  // Every matched bet: exchange fills (one bet per side) or the order itself (house counterparty).
  const orderPL = new Map<string, number>()
  const oddsBets: UserOddsBet[] = []
  const fancyBets: UserFancyBet[] = []
  const winners = result.kind === 'WINNER' ? winnersOf(result) : null
  // A bet's own P/L, as its order shows it; on a dead heat each is rounded down on its own, so
  // a user's orders may add up to a paisa or two below the market's P/L the ledger moved.
  const addOdds = (orderId: string, bet: UserOddsBet) => {
    oddsBets.push(bet)
    orderPL.set(
      orderId,
      (orderPL.get(orderId) ?? 0) + (winners ? winnerPL([bet], winners, places) : 0),
    )
  }
  if (input.kind === 'SESSION') {
    for (const o of orders) {
      if (o.matched === 0) continue
      const bet: UserFancyBet = {
        userId: o.user_id as UserId,
        side: o.side === 'BACK' ? 'YES' : 'NO',
        line: o.line ?? 0,
        rate: o.odds,
        stake: o.matched as Paise,
      }
      fancyBets.push(bet)
      orderPL.set(o.id, result.kind === 'RUNS' ? fancyBetPL(bet, result.runs) : 0)
    }
  } else if (isExchangeKind(input.kind as never)) {
    for (const f of await standingFills(trx, marketId))
      for (const { orderId, bet } of betsOfFill(f)) addOdds(orderId, bet)
  } else {
    for (const o of orders) {
      if (o.matched === 0) continue
      addOdds(o.id, {
        userId: o.user_id as UserId,
        selectionId: o.selection_id as SelectionId,
        side: o.side,
        odds: o.odds as Odds,
        stake: o.matched as Paise,
      })
    }
  }

  const bookOf = new Map<string, LedgerBook>()
  for (const o of orders) bookOf.set(o.user_id, o.book)
  for (const e of exposures) bookOf.set(e.user_id, e.book)
  const selectionIds = [...new Set(oddsBets.map((b) => b.selectionId))]
  for (const w of winners ?? []) if (!selectionIds.includes(w)) selectionIds.push(w)

  let usersMoved = 0
  for (const book of ['real', 'demo'] as const) {
    const inBook = (userId: string) => (bookOf.get(userId) ?? 'real') === book
    const settled = settleMarket({
      marketId: marketId as MarketId,
      alreadySettled: false,
      result,
      market:
        input.kind === 'SESSION'
          ? { kind: 'FANCY', bets: fancyBets.filter((b) => inBook(b.userId)) }
          : {
              kind: 'ODDS',
              selectionIds: selectionIds.length > 0 ? selectionIds : (['-'] as SelectionId[]),
              bets: oddsBets.filter((b) => inBook(b.userId)),
              winners: places,
            },
      commissionBps: isExchangeKind(input.kind as never) ? EXCHANGE_COMMISSION_BPS : 0,
      accounts: {
        house: HOUSE_CASH[book],
        commission: commissionAccountId(book),
        user: (userId) => userCashAccountId(userId, book),
      },
    })
    if (!settled.ok) throw new Error(`settling ${marketId}: ${settled.msg}`)
    const legs: LedgerLeg[] = []
    const held = new Map(exposures.filter((e) => e.book === book).map((e) => [e.user_id, e.held]))
    const net = new Map(settled.value.users.map((u) => [u.userId as string, u.net as number]))
    const users = [...new Set([...held.keys(), ...net.keys()])]
    const owed = (userId: string) => (held.get(userId) ?? 0) + (net.get(userId) ?? 0)
    const covers = await cashCover(
      trx,
      users.filter((u) => owed(u) < 0).map((u) => userCashAccountId(u, book)),
    )
    const shortfalls: Record<string, number> = {}
    for (const userId of users) {
      const release = held.get(userId) ?? 0
      const shortfall = Math.max(
        0,
        -owed(userId) - (covers.get(userCashAccountId(userId, book)) ?? Infinity),
      )
      if (shortfall > 0) shortfalls[userId] = shortfall
      const cash = owed(userId) + shortfall
      if (cash !== 0) legs.push({ accountId: userCashAccountId(userId, book), amount: cash })
      if (release !== 0) legs.push({ accountId: exposureAccountId(userId, book), amount: -release })
      if (cash !== 0 || release !== 0) usersMoved++
    }
    const commission = settled.value.users.reduce((s, u) => s + u.commission, 0)
    const usersNet = settled.value.users.reduce((s, u) => s + u.net, 0)
    const forgiven = Object.values(shortfalls).reduce((s, a) => s + a, 0)
    if (commission !== 0) legs.push({ accountId: commissionAccountId(book), amount: commission })
    if (usersNet + commission + forgiven !== 0)
      legs.push({ accountId: HOUSE_CASH[book], amount: -(usersNet + commission + forgiven) })
    if (legs.length < 2) continue
    const posted = await postTransaction(trx, {
      kind: 'bet.settlement',
      book,
      idempotencyKey: `settlement:${marketId}:${book}`,
      legs,
      metadata: {
        marketId,
        result,
        commission: commissionByUser(settled.value.users),
        ...(forgiven > 0 ? { shortfall: shortfalls } : {}),
      },
      requestId: input.requestId ?? null,
    })
    if (!posted.ok) throw new Error(`settlement posting of ${marketId} refused: ${posted.msg}`)
  }

  await trx
    .updateTable('bet_orders')
    .set({ cancelled: sql`cancelled + remaining`, remaining: 0 })
    .where('market_id', '=', marketId)
    .where('remaining', '>', 0)
    .execute()
  if (orders.length > 0) {
    const values = orders.map((o) => {
      const pl = orderPL.get(o.id) ?? 0
      return sql`(${o.id}, ${pl}::bigint, ${resultOf(pl, o.matched, result.kind === 'VOID')})`
    })
    await sql`
      UPDATE bet_orders AS o SET status = 'SETTLED', pl = v.pl, result = v.result, settled_at = ${now}
      FROM (VALUES ${sql.join(values)}) AS v(id, pl, result)
      WHERE o.id = v.id`.execute(trx)
  }
  await trx.deleteFrom('market_exposures').where('market_id', '=', marketId).execute()
  return { marketId, result: result.kind, bets: orders.length, users: usersMoved }
}

/**
 * What each no-negative cash account can pay now. A loss beyond what the player holds and has
 * happens only when a non-runner voided a lay that hedged the position and the player could not
 * cover the rest (non-runner.ts): the house bears that shortfall, recorded in the posting.
 */
async function cashCover(trx: Kysely<Database>, accountIds: readonly string[]) {
  if (accountIds.length === 0) return new Map<string, number>()
  const rows = await trx
    .selectFrom('ledger_accounts')
    .select(['id', 'balance'])
    .where('id', 'in', accountIds)
    .where('allow_negative', '=', false)
    .orderBy('id')
    .forUpdate()
    .execute()
  return new Map(rows.map((r) => [r.id, r.balance]))
}

/**
 * Closed markets with no settlement yet: what the settlement job still owes. A market nobody bet
 * on is settled too, so its result (winner, losers, removed) is recorded and shown like any other.
 */
export const closedUnsettled = (db: Kysely<Database>) =>
  db
    .selectFrom('markets as m')
    .where('m.status', '=', 'CLOSED')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('market_settlements as s')
            .select(sql.lit(1).as('one'))
            .whereRef('s.market_id', '=', 'm.id'),
        ),
      ),
    )

/** How many closed markets wait for settlement (a gauge of the operations metrics). */
export async function settlementBacklog(db: Kysely<Database>): Promise<number> {
  const row = await closedUnsettled(db)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/**
 * Settles every market the catalogue has closed and nobody has settled: after each feed
 * batch and once at start, so a settlement a crash interrupted (rolled back whole) runs again.
 */
export async function settleClosedMarkets(
  app: AppWithBooks,
  db: Kysely<Database>,
): Promise<number> {
  const closed = await closedUnsettled(db)
    .select(['m.id', 'm.kind', 'm.winner_selection_id', 'm.dead_heat_with', 'm.result_value'])
    .execute()
  let count = 0
  for (const m of closed) {
    // In a cluster the market's own node settles it, in the queue of its trades.
    if (!app.books.owns(m.id)) continue
    const done =
      m.kind === 'SESSION'
        ? await declareFancyResult(app, { marketId: m.id, runs: m.result_value, actorId: 'feed' })
        : await declareResult(app, {
            marketId: m.id,
            winnerSelectionId: m.winner_selection_id,
            deadHeatWith: m.dead_heat_with ?? [],
            actorId: 'feed',
          })
    if (done.ok) count++
  }
  return count
}
