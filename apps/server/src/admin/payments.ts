import { randomInt } from 'node:crypto'
import type { decidePaymentRequest, paymentRequestsQuery } from '@backlay/contract/admin'
import {
  type DepositMethod,
  depositMethod,
  type depositRequest,
  type Transaction,
  type transactionsRequest,
  type WithdrawalRequest,
} from '@backlay/contract/deposit'
import { rupeesToPaise } from '@backlay/contract/money'
import type { Insertable, Kysely, Selectable } from 'kysely'
import { z } from 'zod'
import type { Brand, Database, User } from '../db/schema'
import type { PaymentRequestTable, PaymentStatus } from '../db/schema-admin'
import { selectPage } from '../db/select-page'
import {
  HOUSE_CASH,
  openAccount,
  openHouseAccount,
  openUserCashAccount,
  postTransaction,
} from '../ledger/ledger'
import { fail, type Result, success } from '../result'
import { recordAudit } from './audit'
import type { OperatorActor } from './guard'
import { DEPOSIT_TRANSACTION_KIND } from './responsible-gambling'

/**
 * Deposits and withdrawals of B2C players (agents' players get credit from their agent). A
 * deposit is a claim with the player's payment reference, credited through the ledger only when
 * an operator approves it. A withdrawal moves its amount from cash to a hold account at once,
 * so it cannot be bet meanwhile; paying it out moves the hold to the house, rejecting or
 * cancelling moves it back.
 */

const withdrawalHoldId = (userId: string) => `user:${userId}:withdrawal:real`
/** 12 digits, shown to the player as the transaction's reference. */
const newReference = () => `${randomInt(100_000, 1_000_000)}${randomInt(100_000, 1_000_000)}`

const NOT_FOUND = fail('PAYMENT.NOT_FOUND', 'No such transaction.')
const B2C_ONLY = fail(
  'PAYMENT.FORBIDDEN',
  'Deposits and withdrawals of this account go through your agent.',
)

const methods = z.array(depositMethod).catch([])

/** Where the brand's players pay: `depositMethods` in the brand's settings. */
export const depositMethodsOf = (brand: Pick<Brand, 'config'>): DepositMethod[] =>
  methods.parse((brand.config as { depositMethods?: unknown }).depositMethods ?? [])

type Row = Selectable<PaymentRequestTable>

const toTransaction = (r: Row): Transaction => ({
  refrenceNo: r.id,
  type: r.type,
  method: r.method,
  amount: r.amount / 100,
  status: r.status,
  utr: r.utr,
  payout_to: r.payout_to,
  remark: r.remark,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
})

const mask = (accountNumber: string) => `XXXX${accountNumber.slice(-4)}`

async function history(
  trx: Kysely<Database>,
  requestId: string,
  status: PaymentStatus,
  by: 'player' | 'operator' | 'system',
  actorId: string | null,
  remark: string | null,
  now: number,
) {
  await trx
    .insertInto('payment_request_history')
    .values({
      request_id: requestId,
      status,
      by_role: by,
      actor_id: actorId,
      remark,
      at: new Date(now),
    })
    .execute()
}

type PlayerRef = Pick<User, 'id' | 'is_b2c' | 'is_demo'>

export function paymentsService(db: Kysely<Database>) {
  /** A player's new request, PENDING, with the first line of its history. */
  async function insertPending(
    trx: Kysely<Database>,
    now: number,
    request: Pick<
      Insertable<PaymentRequestTable>,
      'id' | 'user_id' | 'type' | 'method' | 'amount' | 'utr' | 'payout_to'
    >,
  ): Promise<Transaction> {
    const row = await trx
      .insertInto('payment_requests')
      .values({
        ...request,
        status: 'PENDING',
        remark: null,
        created_at: new Date(now),
        updated_at: new Date(now),
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    await history(trx, request.id, 'PENDING', 'player', request.user_id, null, now)
    return toTransaction(row)
  }

  return {
    async requestDeposit(
      user: PlayerRef,
      input: z.output<typeof depositRequest>,
      now: number,
    ): Promise<Result<Transaction>> {
      if (!user.is_b2c || user.is_demo) return B2C_ONLY
      const used = await db
        .selectFrom('payment_requests')
        .select('id')
        .where('type', '=', 'DEPOSIT')
        .where('utr', '=', input.utr)
        .executeTakeFirst()
      if (used) return fail('PAYMENT.CONFLICT', 'This payment reference has already been used.')
      const id = newReference()
      return db.transaction().execute(async (trx) => {
        return success(
          await insertPending(trx, now, {
            id,
            user_id: user.id,
            type: 'DEPOSIT',
            method: input.method,
            amount: rupeesToPaise(input.amount),
            utr: input.utr,
            payout_to: null,
          }),
        )
      })
    },

    async requestWithdrawal(
      user: PlayerRef,
      input: WithdrawalRequest,
      now: number,
      requestId: string,
    ): Promise<Result<Transaction>> {
      if (!user.is_b2c || user.is_demo) return B2C_ONLY
      const amount = rupeesToPaise(input.amount)
      const payoutTo =
        input.method === 'UPI'
          ? input.upi_id
          : `${input.account_holder}, ${mask(input.account_number)}, ${input.ifsc}`
      const id = newReference()
      return db.transaction().execute(async (trx) => {
        const cash = await openUserCashAccount(trx, user.id)
        await openAccount(trx, {
          id: withdrawalHoldId(user.id),
          kind: 'user.withdrawal',
          book: 'real',
          ownerUserId: user.id,
          allowNegative: false,
        })
        const held = await postTransaction(trx, {
          kind: 'payment.withdrawal.hold',
          book: 'real',
          idempotencyKey: `withdrawal:hold:${id}`,
          legs: [
            { accountId: cash, amount: -amount },
            { accountId: withdrawalHoldId(user.id), amount },
          ],
          metadata: { requestId: id },
          requestId,
        })
        if (!held.ok) return held
        return success(
          await insertPending(trx, now, {
            id,
            user_id: user.id,
            type: 'WITHDRAWAL',
            method: input.method,
            amount,
            utr: null,
            payout_to: payoutTo,
          }),
        )
      })
    },

    cancelWithdrawal(userId: string, id: string, now: number, requestId: string) {
      return decide(
        db,
        { id, now, by: 'player', actorId: userId, ownerId: userId, requestId },
        'CANCELLED',
      )
    },

    async list(userId: string, query: z.output<typeof transactionsRequest>) {
      let q = db.selectFrom('payment_requests').where('user_id', '=', userId)
      if (query.type) q = q.where('type', '=', query.type)
      if (query.status) q = q.where('status', '=', query.status)
      if (query.from_date) q = q.where('created_at', '>=', new Date(query.from_date) as never)
      if (query.to_date) q = q.where('created_at', '<', new Date(query.to_date) as never)
      const { total, rows } = await selectPage(q, query, (filtered) =>
        filtered.selectAll().orderBy('created_at', 'desc').orderBy('id'),
      )
      return {
        list: rows.map(toTransaction),
        total,
        page: query.page,
        limit: query.limit,
      }
    },

    async details(userId: string, type: string, id: string) {
      const row = await db
        .selectFrom('payment_requests')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('type', '=', type.toUpperCase() as Row['type'])
        .executeTakeFirst()
      if (!row) return null
      const changes = await db
        .selectFrom('payment_request_history')
        .selectAll()
        .where('request_id', '=', id)
        .orderBy('id')
        .execute()
      return {
        ...toTransaction(row),
        history: changes.map((h) => ({
          status: h.status,
          at: new Date(h.at).toISOString(),
          by: h.by_role,
          remark: h.remark,
        })),
      }
    },

    /** Operators: requests of the players in scope, oldest pending first. */
    async listForOperator(actor: OperatorActor, query: z.output<typeof paymentRequestsQuery>) {
      let q = db.selectFrom('payment_requests as p').innerJoin('users as u', 'u.id', 'p.user_id')
      if (actor.role === 'agent') q = q.where('u.operator_id', '=', actor.id)
      if (query.type) q = q.where('p.type', '=', query.type)
      if (query.status) q = q.where('p.status', '=', query.status)
      const { total, rows } = await selectPage(q, query, (filtered) =>
        filtered
          .selectAll('p')
          .select('u.user_name')
          .orderBy('p.created_at', query.status === 'PENDING' ? 'asc' : 'desc')
          .orderBy('p.id'),
      )
      return {
        total,
        list: rows.map((r) => ({
          id: r.id,
          type: r.type,
          userId: r.user_id,
          userName: r.user_name,
          amount: r.amount / 100,
          method: r.method,
          reference: r.utr,
          payoutTo: r.payout_to,
          status: r.status,
          createdAt: new Date(r.created_at).toISOString(),
        })),
      }
    },

    decideByOperator(
      actor: OperatorActor,
      id: string,
      input: z.output<typeof decidePaymentRequest>,
      now: number,
      requestId: string,
    ) {
      return decide(
        db,
        {
          id,
          now,
          by: 'operator',
          actorId: actor.id,
          actor,
          remark: input.remark ?? null,
          requestId,
        },
        input.decision === 'APPROVE' ? 'APPROVED' : 'REJECTED',
      )
    },
  }
}

interface Decider {
  id: string
  now: number
  by: 'player' | 'operator'
  actorId: string
  /** A player may only touch their own request. */
  ownerId?: string
  /** An operator's scope (agents: their players only). */
  actor?: OperatorActor
  remark?: string | null
  /** The HTTP request deciding, carried to the ledger row it writes. */
  requestId: string
}

/** Moves a PENDING request to its final status and moves the money that status means. */
async function decide(
  db: Kysely<Database>,
  who: Decider,
  status: Exclude<PaymentStatus, 'PENDING'>,
): Promise<Result<Transaction>> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('payment_requests as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .selectAll('p')
      .select('u.operator_id')
      .where('p.id', '=', who.id)
      .forUpdate()
      .executeTakeFirst()
    if (!row) return NOT_FOUND
    if (who.ownerId && row.user_id !== who.ownerId) return NOT_FOUND
    if (who.actor?.role === 'agent' && row.operator_id !== who.actor.id) return NOT_FOUND
    if (status === 'CANCELLED' && row.type !== 'WITHDRAWAL')
      return fail('PAYMENT.INVALID', 'Only a withdrawal can be cancelled.')
    if (row.status !== 'PENDING')
      return fail(
        'PAYMENT.CONFLICT',
        `This ${row.type.toLowerCase()} is already ${row.status.toLowerCase()}.`,
      )

    const cash = await openUserCashAccount(trx, row.user_id)
    await openHouseAccount(trx, 'real')
    const legs =
      row.type === 'DEPOSIT'
        ? status === 'APPROVED'
          ? [
              { accountId: HOUSE_CASH.real, amount: -row.amount },
              { accountId: cash, amount: row.amount },
            ]
          : null
        : status === 'APPROVED'
          ? [
              { accountId: withdrawalHoldId(row.user_id), amount: -row.amount },
              { accountId: HOUSE_CASH.real, amount: row.amount },
            ]
          : [
              { accountId: withdrawalHoldId(row.user_id), amount: -row.amount },
              { accountId: cash, amount: row.amount },
            ]
    if (legs) {
      const posted = await postTransaction(trx, {
        kind:
          row.type === 'DEPOSIT'
            ? DEPOSIT_TRANSACTION_KIND
            : status === 'APPROVED'
              ? 'payment.withdrawal'
              : 'payment.withdrawal.release',
        book: 'real',
        idempotencyKey: `payment:${row.id}:${status}`,
        legs,
        memo: who.remark ?? undefined,
        metadata: { requestId: row.id, by: who.actorId },
        requestId: who.requestId,
      })
      if (!posted.ok) return posted
    }
    const updated = await trx
      .updateTable('payment_requests')
      .set({ status, remark: who.remark ?? null, updated_at: new Date(who.now) })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow()
    await history(trx, row.id, status, who.by, who.actorId, who.remark ?? null, who.now)
    if (who.by === 'operator')
      await recordAudit(trx, {
        actorId: who.actorId,
        action: `payment.${row.type.toLowerCase()}.${status.toLowerCase()}`,
        targetType: 'player',
        targetId: row.user_id,
        before: { request: row.id, status: row.status, amount: row.amount / 100 },
        after: { request: row.id, status, amount: row.amount / 100 },
        reason: who.remark ?? null,
      })
    return success(toTransaction(updated))
  })
}
