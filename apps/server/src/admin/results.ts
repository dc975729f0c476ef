import type { correctResultRequest, DeclareResultRequest } from '@backlay/contract/admin'
import { betPL, type UserOddsBet } from '@backlay/exchange/exposure'
import type { MarketId, Odds, Paise, SelectionId, UserId } from '@backlay/exchange/ids'
import { type MarketResult, settleMarket } from '@backlay/exchange/settlement'
import type { FastifyInstance } from 'fastify'
import { type Kysely, sql } from 'kysely'
import type { z } from 'zod'
import type { Database, LedgerBook } from '../db/schema'
import { postTransaction } from '../ledger/ledger'
import type { LedgerLeg } from '../ledger/legs'
import {
  commissionAccountId,
  commissionByUser,
  HOUSE_CASH,
  userCashAccountId,
} from '../markets/accounts'
import {
  betsOfFill,
  isExchangeKind,
  standingFills,
  withdrawnRunners,
} from '../markets/market-state'
import { declareFancyResult, declareResult, EXCHANGE_COMMISSION_BPS } from '../markets/settlement'
import { fail, type Result, success } from '../result'
import { recordAudit } from './audit'
import type { OperatorActor } from './guard'

type Settled = { marketId: string; settled: boolean; msg: string }
const NOT_FOUND = fail('MARKET.NOT_FOUND', 'No such market.')

const describe = (r: MarketResult) =>
  r.kind === 'VOID' ? { kind: 'VOID' } : r.kind === 'RUNS' ? { kind: 'RUNS', runs: r.runs } : r

/**
 * Declares a result or void through the server's one settlement path (exactly once: a second
 * declaration answers SETTLE.ALREADY_SETTLED and moves nothing), then audits it.
 */
export async function declareMarketResult(
  app: FastifyInstance,
  actor: OperatorActor,
  marketId: string,
  body: DeclareResultRequest,
  requestId: string,
): Promise<Result<Settled>> {
  const market = await app.db
    .selectFrom('markets')
    .select(['kind', 'status', 'winner_selection_id'])
    .where('id', '=', marketId)
    .executeTakeFirst()
  if (!market) return NOT_FOUND
  const fancy = market.kind === 'SESSION'
  const isVoid = 'void' in body
  if ('winnerSelectionId' in body && fancy)
    return fail('SETTLE.RESULT_MISMATCH', 'A fancy market settles on runs.')
  if ('resultValue' in body && !fancy)
    return fail('SETTLE.RESULT_MISMATCH', 'This market settles on a winner.')
  const settled = fancy
    ? await declareFancyResult(app, {
        marketId,
        runs: 'resultValue' in body ? body.resultValue : null,
        actorId: actor.id,
        requestId,
      })
    : await declareResult(app, {
        marketId,
        winnerSelectionId: 'winnerSelectionId' in body ? body.winnerSelectionId : null,
        actorId: actor.id,
        requestId,
      })
  if (!settled.ok) return settled
  await recordAudit(app.db, {
    actorId: actor.id,
    action: isVoid ? 'market.void' : 'market.result',
    targetType: 'market',
    targetId: marketId,
    before: { status: market.status },
    after: { status: 'CLOSED', ...body, bets: settled.value.bets, users: settled.value.users },
  })
  return success({
    marketId,
    settled: true,
    msg: `Settled ${settled.value.bets} bets of ${settled.value.users} players.`,
  })
}

interface OrderRow {
  id: string
  user_id: string
  book: LedgerBook
  selection_id: string
  side: 'BACK' | 'LAY'
  odds: number
  line: number | null
  matched: number
}

/** Every matched bet of a winner market as the settlement saw it, with the order each belongs to. */
async function matchedBets(trx: Kysely<Database>, marketId: string, kind: string) {
  const withdrawn = await withdrawnRunners(trx, marketId)
  // A non-runner's bets were settled void when it was withdrawn, whatever the result.
  const orders: OrderRow[] = (
    await trx
      .selectFrom('bet_orders')
      .select(['id', 'user_id', 'book', 'selection_id', 'side', 'odds', 'line', 'matched'])
      .where('market_id', '=', marketId)
      .forUpdate()
      .execute()
  ).filter((o) => !withdrawn.has(o.selection_id))
  const odds: { orderId: string; bet: UserOddsBet }[] = []
  if (isExchangeKind(kind as never)) {
    for (const f of await standingFills(trx, marketId)) {
      odds.push(...betsOfFill(f))
    }
  } else {
    for (const o of orders.filter((x) => x.matched > 0))
      odds.push({
        orderId: o.id,
        bet: {
          userId: o.user_id as UserId,
          selectionId: o.selection_id as SelectionId,
          side: o.side,
          odds: o.odds as Odds,
          stake: o.matched as Paise,
        },
      })
  }
  return { orders, odds }
}

/**
 * Re-settles a settled market on a corrected result: each user's balance moves by the
 * difference between the corrected and the first settlement (commission included), bets get
 * their corrected P/L, the catalogue shows the corrected winner, and the audit log keeps the
 * reason with both results. Refused when a player no longer holds what the correction takes back.
 */
export async function correctResult(
  app: FastifyInstance,
  actor: OperatorActor,
  marketId: string,
  body: z.output<typeof correctResultRequest>,
  requestId: string,
): Promise<Result<Settled>> {
  return app.exchange.exclusive(marketId, () =>
    app.db.transaction().execute(async (trx): Promise<Result<Settled>> => {
      const market = await trx
        .selectFrom('markets')
        .select(['kind', 'number_of_winners'])
        .where('id', '=', marketId)
        .executeTakeFirst()
      if (!market) return NOT_FOUND
      const first = await trx
        .selectFrom('market_settlements')
        .selectAll()
        .where('market_id', '=', marketId)
        .forUpdate()
        .executeTakeFirst()
      if (!first)
        return fail('MARKET.CONFLICT', 'This market is not settled yet: declare its result.')
      if (market.kind === 'SESSION')
        return fail('MARKET.INVALID', 'A fancy result is corrected by voiding, not by a winner.')
      if (market.number_of_winners > 1)
        return fail('MARKET.INVALID', 'A place market pays several runners: correct it by voiding.')
      const runner = await trx
        .selectFrom('runners')
        .select('selection_id')
        .where('market_id', '=', marketId)
        .where('selection_id', '=', body.winnerSelectionId)
        .executeTakeFirst()
      if (!runner || (await withdrawnRunners(trx, marketId)).has(runner.selection_id))
        return fail('SETTLE.UNKNOWN_WINNER', 'The winner is not a runner of this market.')
      if (
        first.result_kind === 'WINNER' &&
        first.winner_selection_id === body.winnerSelectionId &&
        !first.dead_heat_with?.length
      )
        return fail('MARKET.CONFLICT', 'That is already the result.')

      const before: MarketResult =
        first.result_kind === 'WINNER'
          ? {
              kind: 'WINNER',
              selectionId: first.winner_selection_id as SelectionId,
              ...(first.dead_heat_with?.length
                ? { deadHeatWith: first.dead_heat_with as SelectionId[] }
                : {}),
            }
          : { kind: 'VOID' }
      const after: MarketResult = {
        kind: 'WINNER',
        selectionId: body.winnerSelectionId as SelectionId,
      }
      const { orders, odds } = await matchedBets(trx, marketId, market.kind)
      const bookOf = new Map(orders.map((o) => [o.user_id, o.book]))
      const selectionIds = (
        await trx
          .selectFrom('runners')
          .select('selection_id')
          .where('market_id', '=', marketId)
          .execute()
      ).map((r) => r.selection_id as SelectionId)
      const commissionBps = isExchangeKind(market.kind) ? EXCHANGE_COMMISSION_BPS : 0

      for (const book of ['real', 'demo'] as const) {
        const bets = odds.map((o) => o.bet).filter((b) => (bookOf.get(b.userId) ?? 'real') === book)
        if (bets.length === 0) continue
        const settle = (result: MarketResult) =>
          settleMarket({
            marketId: marketId as MarketId,
            alreadySettled: false,
            result,
            market: { kind: 'ODDS', selectionIds, bets },
            commissionBps,
            accounts: {
              house: HOUSE_CASH[book],
              commission: commissionAccountId(book),
              user: (u) => userCashAccountId(u, book),
            },
          })
        const was = settle(before)
        const now = settle(after)
        if (!was.ok) return was
        if (!now.ok) return now
        const delta = new Map<string, number>()
        for (const u of now.value.users) delta.set(u.userId, u.net)
        for (const u of was.value.users) delta.set(u.userId, (delta.get(u.userId) ?? 0) - u.net)
        const commissionDelta = new Map<string, number>()
        for (const u of now.value.users) commissionDelta.set(u.userId, u.commission)
        for (const u of was.value.users)
          commissionDelta.set(u.userId, (commissionDelta.get(u.userId) ?? 0) - u.commission)
        const commissions = [...commissionDelta].map(([userId, c]) => ({ userId, commission: c }))
        const commission = commissions.reduce((s, u) => s + u.commission, 0)
        const legs: LedgerLeg[] = []
        let usersNet = 0
        for (const [userId, amount] of delta) {
          if (amount === 0) continue
          legs.push({ accountId: userCashAccountId(userId, book), amount })
          usersNet += amount
        }
        if (commission !== 0)
          legs.push({ accountId: commissionAccountId(book), amount: commission })
        if (usersNet + commission !== 0)
          legs.push({ accountId: HOUSE_CASH[book], amount: -(usersNet + commission) })
        if (legs.length < 2) continue
        const posted = await postTransaction(trx, {
          kind: 'bet.settlement.correction',
          book,
          legs,
          memo: body.reason,
          metadata: {
            marketId,
            before: describe(before),
            after: describe(after),
            actorId: actor.id,
            commission: commissionByUser(commissions),
          },
          requestId,
        })
        if (!posted.ok)
          return fail(
            'MARKET.CONFLICT',
            'A player no longer holds what the correction takes back; credit or settle it by hand.',
          )
      }

      const pl = new Map<string, number>()
      for (const { orderId, bet } of odds)
        pl.set(orderId, (pl.get(orderId) ?? 0) + betPL(bet, after.selectionId))
      for (const o of orders) {
        const value = pl.get(o.id) ?? 0
        await trx
          .updateTable('bet_orders')
          .set({ pl: value, result: o.matched === 0 ? 'VOID' : value < 0 ? 'LOST' : 'WON' })
          .where('id', '=', o.id)
          .execute()
      }
      await trx
        .updateTable('market_settlements')
        .set({
          result_kind: 'WINNER',
          winner_selection_id: after.selectionId,
          dead_heat_with: null,
          result_runs: null,
        })
        .where('market_id', '=', marketId)
        .execute()
      await trx
        .updateTable('markets')
        .set({
          winner_selection_id: after.selectionId,
          dead_heat_with: null,
          updated_at: new Date(app.clock.now()),
        })
        .where('id', '=', marketId)
        .execute()
      await trx
        .updateTable('runners')
        .set({
          status: sql`CASE WHEN selection_id = ${after.selectionId} THEN 'WINNER' WHEN status = 'REMOVED' THEN 'REMOVED' ELSE 'LOSER' END`,
        })
        .where('market_id', '=', marketId)
        .execute()
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'market.correct-result',
        targetType: 'market',
        targetId: marketId,
        before: describe(before),
        after: describe(after),
        reason: body.reason,
      })
      return success({ marketId, settled: true, msg: 'Result corrected and bets re-settled.' })
    }),
  )
}
