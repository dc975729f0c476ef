import {
  adjustBalanceHeaders,
  adjustBalanceRequest,
  apiAccessRequest,
  auditResponse,
  balanceChangedResponse,
  clearLoginProtectionRequest,
  createAgentRequest,
  createPlayerRequest,
  doneResponse,
  idParams,
  ledgerQuery,
  ledgerResponse,
  lockRequest,
  operatorsResponse,
  playerBetsResponse,
  playerResponse,
  playersQuery,
  playersResponse,
  resetPasswordRequest,
} from '@backlay/contract/admin'
import { IDEMPOTENCY_KEY_HEADER } from '@backlay/contract/bets'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { listAudit } from '../../../../admin/audit'
import { actorOf, type operatorGuards } from '../../../../admin/guard'
import { PLAYER_NOT_FOUND, playersAdmin } from '../../../../admin/players'
import { readResponsibleGambling } from '../../../../admin/responsible-gambling'
import { accountKey, loginProtectionOf } from '../../../../auth/login-guard'
import { brandsRepository } from '../../../../db/repositories/brands'
import { sendFailure } from '../../../../http/failure-status'

type Guards = ReturnType<typeof operatorGuards>

/** Players and money. Agents reach only their own players; everything else answers 404. */
export const playerRoutes: FastifyPluginAsyncZod<{ guards: Guards }> = async (app, { guards }) => {
  const players = playersAdmin({ db: app.db, now: () => app.clock.now() })
  const done = (msg: string) => ({ status: true as const, data: { msg } })
  const brands = brandsRepository(app.db)
  /** The names a player logs in with: the user id, and '+<code><mobile>' when they have one. */
  const loginKeys = (
    p: { brandId: string; userName: string; mobile: string | null },
    code: string | null,
  ) =>
    [p.userName, ...(p.mobile && code ? [`${code}${p.mobile}`] : [])].map((name) =>
      accountKey(p.brandId, name),
    )
  const loginProtectionOfPlayer = async (
    p: { brandId: string; userName: string; mobile: string | null },
    code: string | null,
  ) => {
    const policy = loginProtectionOf((await brands.byId(p.brandId))?.config ?? null)
    const keys = loginKeys(p, code)
    return {
      failedLogins: Math.max(...keys.map((k) => app.loginGuard.failedLogins(k))),
      stepUpRequired: keys.some((k) => app.loginGuard.stepUpRequired(policy, k)),
    }
  }

  app.get(
    '/players',
    { schema: { querystring: playersQuery, response: { 200: playersResponse } } },
    async (request) => ({
      status: true as const,
      data: await players.search(actorOf(request), request.query),
    }),
  )

  app.post(
    '/players',
    { schema: { body: createPlayerRequest, response: { 200: playerResponse } } },
    async (request, reply) => {
      const actor = actorOf(request)
      const created = await players.create(actor, request.body)
      if (!created.ok) return sendFailure(reply, created)
      return {
        status: true as const,
        data: {
          ...created.value,
          exposure: 0,
          responsibleGambling: await readResponsibleGambling(
            app.db,
            created.value.id,
            app.clock.now(),
          ),
          loginProtection: { failedLogins: 0, stepUpRequired: false },
        },
      }
    },
  )

  app.get(
    '/players/:id',
    { schema: { params: idParams, response: { 200: playerResponse } } },
    async (request, reply) => {
      const row = await players.row(actorOf(request), request.params.id)
      if (!row) return sendFailure(reply, PLAYER_NOT_FOUND)
      const exposure = await app.db
        .selectFrom('ledger_accounts')
        .select('balance')
        .where('owner_user_id', '=', row.id)
        .where('kind', '=', 'user.exposure')
        .executeTakeFirst()
      return {
        status: true as const,
        data: {
          ...row,
          exposure: Math.abs(exposure?.balance ?? 0) / 100,
          responsibleGambling: await readResponsibleGambling(app.db, row.id, app.clock.now()),
          loginProtection: await loginProtectionOfPlayer(row, await players.countryCode(row.id)),
        },
      }
    },
  )

  app.post(
    '/players/:id/lock',
    { schema: { params: idParams, body: lockRequest, response: { 200: doneResponse } } },
    async (request, reply) => {
      const { locked, reason } = request.body
      const result = await players.setLocked(actorOf(request), request.params.id, locked, reason)
      if (!result.ok) return sendFailure(reply, result)
      return done(locked ? 'Player locked.' : 'Player unlocked.')
    },
  )

  app.post(
    '/players/:id/api-access',
    { schema: { params: idParams, body: apiAccessRequest, response: { 200: doneResponse } } },
    async (request, reply) => {
      const { enabled, reason } = request.body
      const result = await players.setApiAccess(
        actorOf(request),
        request.params.id,
        enabled,
        reason,
      )
      if (!result.ok) return sendFailure(reply, result)
      return done(enabled ? 'Trading API on for this player.' : 'Trading API off for this player.')
    },
  )

  app.post(
    '/players/:id/login-protection/clear',
    {
      schema: {
        params: idParams,
        body: clearLoginProtectionRequest,
        response: { 200: doneResponse },
      },
    },
    async (request, reply) => {
      const result = await players.recordLoginUnlock(
        actorOf(request),
        request.params.id,
        request.body.reason,
      )
      if (!result.ok) return sendFailure(reply, result)
      const row = result.value
      for (const key of loginKeys(row, await players.countryCode(row.id))) app.loginGuard.clear(key)
      return done('Failed logins cleared: the player logs in without waiting or an OTP.')
    },
  )

  app.post(
    '/players/:id/password',
    { schema: { params: idParams, body: resetPasswordRequest, response: { 200: doneResponse } } },
    async (request, reply) => {
      const { password, reason } = request.body
      const result = await players.resetPassword(
        actorOf(request),
        request.params.id,
        password,
        reason,
      )
      if (!result.ok) return sendFailure(reply, result)
      return done('Password reset; the player’s sessions have ended.')
    },
  )

  app.post(
    '/players/:id/adjust',
    {
      schema: {
        params: idParams,
        body: adjustBalanceRequest,
        headers: adjustBalanceHeaders,
        response: { 200: balanceChangedResponse },
      },
    },
    async (request, reply) => {
      const result = await players.adjust(
        actorOf(request),
        request.params.id,
        request.body,
        request.id,
        request.headers[IDEMPOTENCY_KEY_HEADER],
      )
      if (!result.ok) return sendFailure(reply, result)
      return { status: true as const, data: { balance: result.value.balance } }
    },
  )

  app.get(
    '/players/:id/ledger',
    { schema: { params: idParams, querystring: ledgerQuery, response: { 200: ledgerResponse } } },
    async (request, reply) => {
      const { page, limit } = request.query
      const ledger = await players.ledger(actorOf(request), request.params.id, page, limit)
      if (!ledger) return sendFailure(reply, PLAYER_NOT_FOUND)
      return { status: true as const, data: ledger }
    },
  )

  app.get(
    '/players/:id/bets',
    {
      schema: { params: idParams, querystring: ledgerQuery, response: { 200: playerBetsResponse } },
    },
    async (request, reply) => {
      const { page, limit } = request.query
      const bets = await players.bets(actorOf(request), request.params.id, page, limit)
      if (!bets) return sendFailure(reply, PLAYER_NOT_FOUND)
      return { status: true as const, data: bets }
    },
  )

  app.get(
    '/players/:id/audit',
    { schema: { params: idParams, querystring: ledgerQuery, response: { 200: auditResponse } } },
    async (request, reply) => {
      if (!(await players.find(actorOf(request), request.params.id)))
        return sendFailure(reply, PLAYER_NOT_FOUND)
      return {
        status: true as const,
        data: await listAudit(app.db, {
          targetType: 'player',
          targetId: request.params.id,
          ...request.query,
        }),
      }
    },
  )

  app.get(
    '/operators',
    { onRequest: guards.requireAdmin, schema: { response: { 200: operatorsResponse } } },
    async () => ({ status: true as const, data: await players.listOperators() }),
  )

  app.post(
    '/operators',
    {
      onRequest: guards.requireAdmin,
      schema: { body: createAgentRequest, response: { 200: doneResponse } },
    },
    async (request, reply) => {
      const created = await players.createAgent(actorOf(request), request.body)
      if (!created.ok) return sendFailure(reply, created)
      return done('Agent created.')
    },
  )
}
