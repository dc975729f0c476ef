import { randomUUID } from 'node:crypto'
import type {
  adjustBalanceRequest,
  createAgentRequest,
  createPlayerRequest,
  PlayerRow,
  playersQuery,
} from '@backlay/contract/admin'
import { rupeesToPaise } from '@backlay/contract/money'
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely'
import type { z } from 'zod'
import { hashPassword } from '../auth/password'
import type { Database, User } from '../db/schema'
import { selectPage } from '../db/select-page'
import {
  HOUSE_CASH,
  openHouseAccount,
  openUserCashAccount,
  postTransaction,
  userCashAccountId,
} from '../ledger/ledger'
import { fail, type Result, success } from '../result'
import { revokeOtherSessions } from '../use-cases/sessions'
import { recordAudit } from './audit'
import type { OperatorActor } from './guard'

/**
 * Players as operators see them. Scope is the rule of the whole module: an admin reaches every
 * player; an agent only those whose `operator_id` is the agent. Out of scope answers exactly
 * like a missing player (404), so an agent cannot probe which ids exist.
 */

export const PLAYER_NOT_FOUND = { code: 'PLAYER.NOT_FOUND', msg: 'No such player.' } as const

/** created_at columns of the shared schema select as Kysely column types; the value is a Date. */
const isoTime = (value: unknown) => new Date(value as Date).toISOString()

type UsersQuery = SelectQueryBuilder<Database, 'users', object>

export const inScope = <Q extends UsersQuery>(query: Q, actor: OperatorActor): Q =>
  (actor.role === 'admin'
    ? query.where('users.role', '=', 'player')
    : query.where('users.role', '=', 'player').where('users.operator_id', '=', actor.id)) as Q

const toRow = (u: User & { operator_name: string | null; balance: number | null }): PlayerRow => ({
  id: u.id,
  userName: u.user_name,
  name: u.name,
  mobile: u.mobile,
  brandId: u.brand_id,
  isB2C: u.is_b2c,
  isDemo: u.is_demo,
  locked: u.locked,
  apiAccess: u.api_access,
  operatorId: u.operator_id,
  operatorName: u.operator_name,
  balance: (u.balance ?? 0) / 100,
  createdAt: isoTime(u.created_at),
})

/** What an audit entry keeps of a player (never the password hash). */
const auditView = (u: User) => ({
  userName: u.user_name,
  name: u.name,
  locked: u.locked,
  apiAccess: u.api_access,
  isB2C: u.is_b2c,
  operatorId: u.operator_id,
})

export function playersAdmin(deps: { db: Kysely<Database>; now: () => number }) {
  const { db } = deps
  const clock = { now: deps.now }

  const selectPlayers = (actor: OperatorActor) =>
    inScope(db.selectFrom('users') as UsersQuery, actor)
      .leftJoin('users as op', 'op.id', 'users.operator_id')
      .leftJoin('ledger_accounts as cash', (join) =>
        join
          .onRef('cash.owner_user_id', '=', 'users.id')
          .on('cash.kind', '=', 'user.cash')
          .on(sql`cash.book`, '=', sql`case when users.is_demo then 'demo' else 'real' end`),
      )

  async function find(actor: OperatorActor, id: string, trx: Kysely<Database> = db) {
    return inScope(trx.selectFrom('users').selectAll('users') as UsersQuery, actor)
      .where('users.id', '=', id)
      .executeTakeFirst() as Promise<User | undefined>
  }

  /** Loads the player in scope, locked for update, runs `change` and audits before/after. */
  async function changePlayer<T>(
    actor: OperatorActor,
    id: string,
    action: string,
    reason: string | null,
    change: (trx: Kysely<Database>, player: User) => Promise<Result<T>>,
  ): Promise<Result<T>> {
    return db.transaction().execute(async (trx) => {
      const before = await find(actor, id, trx)
      if (!before) return fail(PLAYER_NOT_FOUND.code, PLAYER_NOT_FOUND.msg)
      await trx.selectFrom('users').select('id').where('id', '=', id).forUpdate().execute()
      const result = await change(trx, before)
      if (!result.ok) return result
      const after = (await trx
        .selectFrom('users')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow()) as User
      await recordAudit(trx, {
        actorId: actor.id,
        action,
        targetType: 'player',
        targetId: id,
        before: auditView(before),
        after: { ...auditView(after), ...(result.value as object) },
        reason,
      })
      return result
    })
  }

  return {
    find,

    async search(actor: OperatorActor, query: z.output<typeof playersQuery>) {
      let q = selectPlayers(actor)
      if (query.search) {
        const like = `%${query.search.replace(/[%_\\]/g, '\\$&')}%`
        q = q.where((eb) =>
          eb.or([
            eb('users.user_name', 'ilike', like),
            eb('users.name', 'ilike', like),
            eb('users.mobile', 'like', like),
          ]),
        )
      }
      const { total, rows } = await selectPage(q, query, (filtered) =>
        filtered
          .selectAll('users')
          .select(['op.user_name as operator_name', 'cash.balance'])
          .orderBy('users.created_at', 'desc')
          .orderBy('users.id'),
      )
      return { total, list: rows.map((r) => toRow(r as never)) }
    },

    async row(actor: OperatorActor, id: string): Promise<PlayerRow | null> {
      const r = await selectPlayers(actor)
        .selectAll('users')
        .select(['op.user_name as operator_name', 'cash.balance'])
        .where('users.id', '=', id)
        .executeTakeFirst()
      return r ? toRow(r as never) : null
    },

    async create(
      actor: OperatorActor,
      input: z.output<typeof createPlayerRequest>,
    ): Promise<Result<PlayerRow>> {
      // An agent's players are its own whatever the form says; an admin may name an agent.
      const operatorId = actor.role === 'agent' ? actor.id : (input.operatorId ?? actor.id)
      const parent = await db
        .selectFrom('users')
        .select(['id', 'brand_id', 'role'])
        .where('id', '=', operatorId)
        .executeTakeFirst()
      if (parent?.role !== 'operator') return fail('PLAYER.INVALID', 'No such agent.')
      const brandId = input.brandId ?? parent.brand_id
      const brand = await db
        .selectFrom('brands')
        .select('id')
        .where('id', '=', brandId)
        .executeTakeFirst()
      if (!brand) return fail('PLAYER.INVALID', 'No such brand.')
      const taken = await db
        .selectFrom('users')
        .select('id')
        .where('brand_id', '=', brandId)
        .where(sql<string>`lower(user_name)`, '=', input.userName.toLowerCase())
        .executeTakeFirst()
      if (taken) return fail('PLAYER.CONFLICT', 'That user id is taken.')
      const passwordHash = await hashPassword(input.password)
      const id = randomUUID()
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('users')
          .values({
            id,
            brand_id: brandId,
            role: 'player',
            user_name: input.userName,
            name: input.name,
            mobile: input.mobile ?? null,
            country_code: input.mobile ? '+91' : null,
            password_hash: passwordHash,
            is_b2c: input.isB2C,
            operator_id: operatorId,
            settings: JSON.stringify({}),
          })
          .execute()
        await openUserCashAccount(trx, id)
        await recordAudit(trx, {
          actorId: actor.id,
          action: 'player.create',
          targetType: 'player',
          targetId: id,
          after: {
            userName: input.userName,
            name: input.name,
            brandId,
            isB2C: input.isB2C,
            operatorId,
          },
        })
      })
      return success((await this.row(actor, id)) as PlayerRow)
    },

    /** The player's country code, for the '+<code><mobile>' name they may log in with. */
    async countryCode(id: string): Promise<string | null> {
      const row = await db
        .selectFrom('users')
        .select('country_code')
        .where('id', '=', id)
        .executeTakeFirst()
      return row?.country_code ?? null
    },

    /** Audits an operator clearing the player's failed logins (the guard itself is in memory). */
    async recordLoginUnlock(actor: OperatorActor, id: string, reason: string) {
      const changed = await changePlayer(actor, id, 'player.login-unlock', reason, async () =>
        success({}),
      )
      if (!changed.ok) return changed
      return success((await this.row(actor, id)) as PlayerRow)
    },

    setLocked(actor: OperatorActor, id: string, locked: boolean, reason: string) {
      return changePlayer(
        actor,
        id,
        locked ? 'player.lock' : 'player.unlock',
        reason,
        async (trx) => {
          await trx.updateTable('users').set({ locked }).where('id', '=', id).execute()
          // A lock ends the player's sessions at once, not at the token's expiry.
          if (locked) await revokeOtherSessions(trx, clock, id, null)
          return success({})
        },
      )
    },

    /** The player's trading API on or off; switching it off ends nothing else. */
    setApiAccess(actor: OperatorActor, id: string, enabled: boolean, reason: string) {
      return changePlayer(
        actor,
        id,
        enabled ? 'player.api-access.on' : 'player.api-access.off',
        reason,
        async (trx) => {
          await trx.updateTable('users').set({ api_access: enabled }).where('id', '=', id).execute()
          return success({})
        },
      )
    },

    async resetPassword(actor: OperatorActor, id: string, password: string, reason: string) {
      const hash = await hashPassword(password)
      return changePlayer(actor, id, 'player.reset-password', reason, async (trx) => {
        await trx.updateTable('users').set({ password_hash: hash }).where('id', '=', id).execute()
        await revokeOtherSessions(trx, clock, id, null)
        return success({})
      })
    },

    /** Credit or debit the player's real cash against the house, through the ledger. */
    adjust(
      actor: OperatorActor,
      id: string,
      input: z.output<typeof adjustBalanceRequest>,
      requestId: string,
      idempotencyKey?: string,
    ) {
      const amount = rupeesToPaise(input.amount)
      return changePlayer(
        actor,
        id,
        `player.${input.direction}`,
        input.reason,
        async (trx, player) => {
          if (player.is_demo) return fail('PLAYER.INVALID', 'Demo accounts hold demo money only.')
          await openHouseAccount(trx, 'real')
          const cash = await openUserCashAccount(trx, id)
          const signed = input.direction === 'credit' ? amount : -amount
          const posted = await postTransaction(trx, {
            kind: `operator.${input.direction}`,
            book: 'real',
            memo: input.reason,
            metadata: { operatorId: actor.id },
            requestId,
            ...(idempotencyKey
              ? { idempotencyKey: `operator.adjust:${id}:${idempotencyKey}` }
              : {}),
            legs: [
              { accountId: HOUSE_CASH.real, amount: -signed },
              { accountId: cash, amount: signed },
            ],
          })
          if (!posted.ok) return posted
          return success({
            amount: input.amount,
            balance: (posted.value.balances[cash] ?? 0) / 100,
          })
        },
      )
    },

    /** The player's cash ledger, newest first, with the running balance after each row. */
    async ledger(actor: OperatorActor, id: string, page: number, limit: number) {
      const player = await find(actor, id)
      if (!player) return null
      const account = userCashAccountId(id, player.is_demo ? 'demo' : 'real')
      const base = db
        .selectFrom('ledger_entries as e')
        .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
        .where('e.account_id', '=', account)
      const { total, rows } = await selectPage(base, { page, limit }, (filtered) =>
        filtered
          .select([
            't.id',
            't.kind',
            't.memo',
            'e.amount',
            'e.created_at',
            sql<number>`sum(e.amount) over (order by e.id)`.as('balance_after'),
          ])
          .orderBy('e.id', 'desc'),
      )
      return {
        total,
        list: rows.map((r) => ({
          transactionId: r.id,
          kind: r.kind,
          amount: r.amount / 100,
          balanceAfter: Number(r.balance_after) / 100,
          memo: r.memo,
          createdAt: isoTime(r.created_at),
        })),
      }
    },

    /** The player's bets, newest first: settled ones with their result and P/L. */
    async bets(actor: OperatorActor, id: string, page: number, limit: number) {
      if (!(await find(actor, id))) return null
      const base = db.selectFrom('bet_orders as o').where('o.user_id', '=', id)
      const { total, rows } = await selectPage(base, { page, limit }, (filtered) =>
        filtered
          .innerJoin('markets as m', 'm.id', 'o.market_id')
          .innerJoin('events as e', 'e.id', 'o.event_id')
          .leftJoin('runners as r', (join) =>
            join
              .onRef('r.market_id', '=', 'o.market_id')
              .onRef('r.selection_id', '=', 'o.selection_id'),
          )
          .select([
            'o.id',
            'o.market_id',
            'm.name as market_name',
            'e.name as event_name',
            'r.name as selection_name',
            'o.market_kind',
            'o.side',
            'o.odds',
            'o.line',
            'o.stake',
            'o.matched',
            'o.remaining',
            'o.status',
            'o.result',
            'o.pl',
            'o.placed_at',
          ])
          .orderBy('o.seq', 'desc'),
      )
      return {
        total,
        list: rows.map((o) => ({
          betId: o.id,
          marketId: o.market_id,
          marketName: o.market_name,
          eventName: o.event_name,
          selectionName: o.selection_name ?? o.market_name,
          side: o.side,
          // A fancy bet is taken at a line of runs; the others at decimal odds.
          odds: o.market_kind === 'SESSION' ? (o.line ?? 0) : o.odds / 100,
          stake: o.stake / 100,
          status:
            o.status === 'SETTLED'
              ? (o.result ?? 'SETTLED')
              : o.remaining > 0
                ? o.matched > 0
                  ? 'PART_MATCHED'
                  : 'UNMATCHED'
                : 'MATCHED',
          pl: o.pl === null ? null : o.pl / 100,
          createdAt: isoTime(o.placed_at),
        })),
      }
    },

    async listOperators() {
      const rows = await db
        .selectFrom('users as o')
        .where('o.role', '=', 'operator')
        .select([
          'o.id',
          'o.user_name',
          'o.name',
          'o.operator_role',
          (eb) =>
            eb
              .selectFrom('users as p')
              .select(eb.fn.countAll<number>().as('n'))
              .whereRef('p.operator_id', '=', 'o.id')
              .where('p.role', '=', 'player')
              .as('player_count'),
        ])
        .orderBy('o.user_name')
        .execute()
      return rows.map((r) => ({
        id: r.id,
        userName: r.user_name,
        name: r.name,
        role: r.operator_role ?? 'admin',
        playerCount: Number(r.player_count ?? 0),
      }))
    },

    async createAgent(
      actor: OperatorActor,
      input: z.output<typeof createAgentRequest>,
    ): Promise<Result<{ id: string }>> {
      const me = await db
        .selectFrom('users')
        .select('brand_id')
        .where('id', '=', actor.id)
        .executeTakeFirstOrThrow()
      const taken = await db
        .selectFrom('users')
        .select('id')
        .where('brand_id', '=', me.brand_id)
        .where(sql<string>`lower(user_name)`, '=', input.userName.toLowerCase())
        .executeTakeFirst()
      if (taken) return fail('OPERATOR.CONFLICT', 'That user id is taken.')
      const id = randomUUID()
      const passwordHash = await hashPassword(input.password)
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('users')
          .values({
            id,
            brand_id: me.brand_id,
            role: 'operator',
            operator_role: 'agent',
            user_name: input.userName,
            name: input.name,
            mobile: null,
            country_code: null,
            password_hash: passwordHash,
            operator_id: actor.id,
            settings: JSON.stringify({}),
          })
          .execute()
        await recordAudit(trx, {
          actorId: actor.id,
          action: 'operator.create-agent',
          targetType: 'operator',
          targetId: id,
          after: { userName: input.userName, name: input.name, role: 'agent' },
        })
      })
      return success({ id })
    },
  }
}
