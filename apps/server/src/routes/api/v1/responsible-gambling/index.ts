import {
  depositLimitsRequest,
  responsibleGamblingResponse,
  selfExclusionRequest,
  timeOutRequest,
} from '@backlay/contract/responsible-gambling'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  readResponsibleGambling,
  setDepositLimits,
  startSelfExclusion,
  startTimeOut,
} from '../../../../admin/responsible-gambling'
import { verifyPassword } from '../../../../auth/password'
import { sendFailure } from '../../../../http/failure-status'

const PLAYERS_ONLY = {
  code: 'RG.FORBIDDEN',
  msg: 'Responsible-gambling settings belong to player accounts.',
} as const

/**
 * The player's own responsible-gambling settings (contract responsible-gambling.ts). Every call
 * answers the settings as they now stand; time-out and self-exclusion also end every session.
 */
const responsibleGamblingRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = () => app.clock.now()
  const current = async (userId: string) => ({
    status: true as const,
    data: await readResponsibleGambling(app.db, userId, now()),
  })
  const playerOf = (claims: { userId: string; role: string } | null) =>
    claims && claims.role === 'player' ? claims.userId : null

  app.get(
    '/',
    { preHandler: app.requireUser, schema: { response: { 200: responsibleGamblingResponse } } },
    async (request, reply) => {
      const userId = playerOf(request.user)
      if (!userId) return sendFailure(reply, PLAYERS_ONLY)
      return current(userId)
    },
  )

  app.post(
    '/deposit-limits',
    {
      preHandler: app.requireUser,
      schema: { body: depositLimitsRequest, response: { 200: responsibleGamblingResponse } },
    },
    async (request, reply) => {
      const userId = playerOf(request.user)
      if (!userId) return sendFailure(reply, PLAYERS_ONLY)
      await setDepositLimits(app.db, userId, request.body, now())
      return { ...(await current(userId)), msg: 'Deposit limits saved.' }
    },
  )

  app.post(
    '/time-out',
    {
      preHandler: app.requireUser,
      schema: { body: timeOutRequest, response: { 200: responsibleGamblingResponse } },
    },
    async (request, reply) => {
      const userId = playerOf(request.user)
      if (!userId) return sendFailure(reply, PLAYERS_ONLY)
      await startTimeOut(app.db, userId, request.body.period, now())
      return { ...(await current(userId)), msg: 'Your time-out has started.' }
    },
  )

  app.post(
    '/self-exclusion',
    {
      preHandler: app.requireUser,
      schema: { body: selfExclusionRequest, response: { 200: responsibleGamblingResponse } },
    },
    async (request, reply) => {
      const userId = playerOf(request.user)
      if (!userId) return sendFailure(reply, PLAYERS_ONLY)
      const user = await app.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
      if (!(await verifyPassword(user.password_hash, request.body.password)))
        return sendFailure(reply, { code: 'RG.INVALID', msg: 'Wrong password.' })
      await startSelfExclusion(app.db, userId, request.body.period, now())
      return { ...(await current(userId)), msg: 'You are now self-excluded.' }
    },
  )
}
export default responsibleGamblingRoutes
