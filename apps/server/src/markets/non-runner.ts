import type { Odds, SelectionId } from '@backlay/exchange/ids'
import { nonRunnerChanges, type Removal, reformsMarket } from '@backlay/exchange/non-runner'
import { cancelOrder, restingOrders } from '@backlay/exchange/order-book'
import { type Kysely, sql } from 'kysely'
import type { Clock } from '../clock'
import { rowsTable, writeAsOneStatement } from '../db/one-statement'
import type { Database } from '../db/schema'
import { lockAccounts } from '../ledger/ledger'
import { exposureAccountId, MARKET_MAKER_ID, userCashAccountId } from './accounts'
import { releaseCancelled } from './in-play'
import type { MarketPublisher } from './market-publisher'
import { isExchangeKind, loadMarketState, type MarketState, requiredExposure } from './market-state'
import type { TradeCommitter } from './trade-commit'

/** What a removal needs of the engine (exchange-engine.ts), which runs it in the market's queue. */
interface Engine {
  readonly db: Kysely<Database>
  readonly clock: Clock
  readonly committer: TradeCommitter
  adopt(state: MarketState): void
  publishTraders(...args: Parameters<MarketPublisher['publishTraders']>): void
}

/**
 * A runner the feed withdrew (runner_removals), applied once, in its market's queue, by Betfair's
 * rules (@backlay/exchange/non-runner):
 * 1. unmatched orders on it are cancelled — every unmatched order of the market when its
 *    reduction factor re-forms the market — releasing what they held;
 * 2. in one transaction: its fills are void and its bets settle VOID; fills on the others matched
 *    before it went take their cut price (orders' average prices follow); the market is rebuilt
 *    from the store without it, and every position holds what its new worst case needs.
 * A position can need more than before (a voided lay on the non-runner hedged it): it then holds
 * what the player's cash allows, and settlement lets the house bear any part still missing.
 * False when there was nothing to apply (applied already, by this or another process).
 */
export async function applyRemoval(
  engine: Engine,
  loaded: MarketState | undefined,
  marketId: string,
  selectionId: string,
): Promise<boolean> {
  const pending = await engine.db
    .selectFrom('runner_removals')
    .select(['reduction_factor_bp', 'removed_at'])
    .where('market_id', '=', marketId)
    .where('selection_id', '=', selectionId)
    .where('applied_at', 'is', null)
    .executeTakeFirst()
  if (!pending) return false
  const removal: Removal = {
    selectionId: selectionId as SelectionId,
    factorBp: pending.reduction_factor_bp,
    at: pending.removed_at.getTime(),
  }
  if (loaded?.book) {
    const book = loaded.book
    const going = restingOrders(book).filter(
      (o) => reformsMarket(removal) || o.selectionId === selectionId,
    )
    for (const o of going) cancelOrder(book, o.orderId)
    await releaseCancelled(
      engine.committer,
      loaded,
      going.map((o) => ({ orderId: o.orderId, userId: o.userId, size: o.remaining })),
      'REMOVED',
    )
  }
  const now = new Date(engine.clock.now())
  const done = await engine.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('runner_removals')
      .set({ applied_at: now })
      .where('market_id', '=', marketId)
      .where('selection_id', '=', selectionId)
      .where('applied_at', 'is', null)
      .returning('market_id')
      .executeTakeFirst()
    if (!claimed) return null
    const touched = await rewriteBets(trx, marketId, removal, now)
    const state = await loadMarketState(trx, marketId)
    if (!state) throw new Error(`market ${marketId} vanished while removing ${selectionId}`)
    const balances = await holdWhatPositionsNeed(trx, state, selectionId)
    return { state, touched, balances }
  })
  if (!done) return false
  engine.adopt(done.state)
  engine.publishTraders(done.state, done.touched, done.balances)
  return true
}

/**
 * Voids the non-runner's fills and bets and cuts the others' prices; answers the orders whose
 * bets changed, by user (the market maker left out: it has no stream).
 */
async function rewriteBets(
  trx: Kysely<Database>,
  marketId: string,
  removal: Removal,
  now: Date,
): Promise<Map<string, Set<string>>> {
  const fills = await trx
    .selectFrom('bet_fills')
    .select(['id', 'selection_id', 'odds', 'at', 'back_order_id', 'back_user_id'])
    .select(['lay_order_id', 'lay_user_id'])
    .where('market_id', '=', marketId)
    .where('voided', '=', false)
    .execute()
  const changes = nonRunnerChanges(
    fills.map((f) => ({
      id: f.id,
      selectionId: f.selection_id as SelectionId,
      odds: f.odds as Odds,
      at: f.at.getTime(),
    })),
    removal,
  )
  if (changes.voided.length > 0)
    await trx
      .updateTable('bet_fills')
      .set({ voided: true })
      .where('id', 'in', changes.voided)
      .execute()
  if (changes.repriced.length > 0)
    await sql`UPDATE bet_fills AS f SET matched_odds = coalesce(f.matched_odds, f.odds), odds = v.odds
      FROM ${rowsTable('v', { id: 'bigint', odds: 'integer' }, changes.repriced)}
      WHERE f.id = v.id`.execute(trx)
  await sql`UPDATE bet_orders AS o SET matched_value = v.value
    FROM (
      SELECT order_id, sum(stake * odds)::bigint AS value FROM (
        SELECT back_order_id AS order_id, stake, odds FROM bet_fills
          WHERE market_id = ${marketId} AND NOT voided
        UNION ALL
        SELECT lay_order_id, stake, odds FROM bet_fills WHERE market_id = ${marketId} AND NOT voided
      ) AS sides GROUP BY order_id
    ) AS v
    WHERE o.id = v.order_id AND o.matched_value <> v.value`.execute(trx)
  const voided = await trx
    .updateTable('bet_orders')
    .set({
      status: 'SETTLED',
      result: 'VOID',
      pl: 0,
      settled_at: now,
      cancelled: sql`cancelled + remaining`,
      remaining: 0,
    })
    .where('market_id', '=', marketId)
    .where('selection_id', '=', removal.selectionId)
    .where('status', '=', 'OPEN')
    .returning(['id', 'user_id'])
    .execute()

  const touched = new Map<string, Set<string>>()
  const touch = (userId: string, orderId: string) => {
    if (userId === MARKET_MAKER_ID) return
    touched.set(userId, (touched.get(userId) ?? new Set()).add(orderId))
  }
  const changed = new Set([...changes.voided, ...changes.repriced.map((r) => r.id)])
  for (const f of fills) {
    if (!changed.has(f.id)) continue
    touch(f.back_user_id, f.back_order_id)
    touch(f.lay_user_id, f.lay_order_id)
  }
  for (const o of voided) touch(o.user_id, o.id)
  return touched
}

/**
 * Moves each position's hold to what its worst case now needs (never more than the player's
 * cash can give), writes the holds, and answers the balances that moved.
 */
async function holdWhatPositionsNeed(
  trx: Kysely<Database>,
  state: MarketState,
  selectionId: string,
) {
  const positions = [...state.positions.values()]
  const funds = await lockAccounts(
    trx,
    positions.flatMap((p) => [
      userCashAccountId(p.userId, p.book),
      exposureAccountId(p.userId, p.book),
    ]),
  )
  const balances = new Map<string, { cash: number | undefined; exposure: number | undefined }>()
  const held: { user_id: string; market_id: string; book: 'real' | 'demo'; held: number }[] = []
  for (const p of positions) {
    const cash = userCashAccountId(p.userId, p.book)
    const exposure = exposureAccountId(p.userId, p.book)
    const needed = requiredExposure(state, p) - p.held
    const hold = (delta: number) =>
      funds.post({
        kind: 'bet.exposure',
        book: p.book,
        legs: [
          { accountId: cash, amount: -delta },
          { accountId: exposure, amount: delta },
        ],
        metadata: { marketId: state.id, nonRunner: selectionId },
      })
    if (needed === 0) continue
    let delta = needed
    if (!hold(delta).ok) {
      delta = Math.min(needed, Math.max(0, funds.balance(cash) ?? 0))
      if (delta === 0) continue
      const posted = hold(delta)
      if (!posted.ok) throw new Error(`holding ${delta} for ${p.userId} refused: ${posted.msg}`)
    }
    p.held += delta
    held.push({ user_id: p.userId, market_id: state.id, book: p.book, held: p.held })
    balances.set(p.userId, { cash: funds.balance(cash), exposure: funds.balance(exposure) })
  }
  await writeAsOneStatement(trx, funds.takeWrites())
  if (held.length > 0)
    await trx
      .insertInto('market_exposures')
      .values(held)
      .onConflict((oc) =>
        oc.columns(['user_id', 'market_id']).doUpdateSet({ held: (eb) => eb.ref('excluded.held') }),
      )
      .execute()
  return balances
}

/**
 * Applies every withdrawal the feed announced that the exchange has not applied yet, oldest
 * first: after each feed batch that carries one and at start (a crash rolls an application back
 * whole, so it simply runs again). Exchange markets only; settled markets are past changing.
 */
export async function applyPendingRemovals(engine: {
  readonly db: Kysely<Database>
  removeRunner(marketId: string, selectionId: string): Promise<boolean>
}): Promise<number> {
  const pending = await engine.db
    .selectFrom('runner_removals as nr')
    .innerJoin('markets as m', 'm.id', 'nr.market_id')
    .select(['nr.market_id', 'nr.selection_id', 'm.kind'])
    .where('nr.applied_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('market_settlements as s')
            .select(sql.lit(1).as('one'))
            .whereRef('s.market_id', '=', 'nr.market_id'),
        ),
      ),
    )
    .orderBy('nr.removed_at')
    .execute()
  let applied = 0
  for (const r of pending) {
    if (!isExchangeKind(r.kind)) continue
    if (await engine.removeRunner(r.market_id, r.selection_id)) applied++
  }
  return applied
}
