import {
  demoLoginRequest,
  demoLoginResponse,
  LOGIN_BASIC_AUTHORIZATION,
  loginRequest,
  loginResponse,
  logoutRequest,
  messageResponse,
} from '@backlay/contract/auth'
import { balanceRequest, balanceResponse } from '@backlay/contract/balance'
import formbody from '@fastify/formbody'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { brandsRepository } from '../../../../db/repositories/brands'
import { usersRepository } from '../../../../db/repositories/users'
import { sendFailure } from '../../../../http/failure-status'
import { createDemoUser } from '../../../../use-cases/demo-login'
import { login } from '../../../../use-cases/login'
import { revokeSession, sessionCheck } from '../../../../use-cases/sessions'
import { userBalance } from '../../../../use-cases/user-balance'

const NO_BRAND = { code: 'BRAND.NOT_FOUND', msg: 'This site is not configured yet.' } as const

/** userLogin only answers the first-party client that sends the fixed Basic credential. */
async function requireLoginClient(request: FastifyRequest, reply: FastifyReply) {
  if (request.headers.authorization !== LOGIN_BASIC_AUTHORIZATION) {
    return sendFailure(reply, {
      code: 'AUTH.UNAUTHORIZED',
      msg: 'Missing or wrong client authorization.',
    })
  }
}

/**
 * Login, demo login, logout and balance (shell §7). Paths as the spec names them. The empty-body
 * calls accept a missing body too (Fastify hands that in as null), as clients post them bare.
 */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(formbody)
  app.addSessionCheck(sessionCheck(app.db))
  const brands = brandsRepository(app.db)

  app.post(
    '/userLogin',
    {
      onRequest: requireLoginClient,
      schema: { body: loginRequest, response: { 200: loginResponse } },
    },
    async (request, reply) => {
      const brand = await brands.forHost(request.host)
      if (!brand) return sendFailure(reply, NO_BRAND)
      const result = await login(
        { db: app.db, tokens: app.tokens, clock: app.clock },
        { brandId: brand.id, userName: request.body.user_name, password: request.body.password },
      )
      if (!result.ok) return sendFailure(reply, result)
      return result.value
    },
  )

  app.post(
    '/autoDemoUserLogin',
    { schema: { body: demoLoginRequest.nullish(), response: { 200: demoLoginResponse } } },
    async (request, reply) => {
      const brand = await brands.forHost(request.host)
      if (!brand) return sendFailure(reply, NO_BRAND)
      return {
        status: true as const,
        msg: 'Demo account created.',
        data: await createDemoUser(app.db, brand.id),
      }
    },
  )

  app.post(
    '/getBalanceCRef',
    {
      preHandler: app.requireUser,
      schema: { body: balanceRequest.nullish(), response: { 200: balanceResponse } },
    },
    async (request, reply) => {
      const user = request.user && (await usersRepository(app.db).findById(request.user.userId))
      if (!user) {
        return sendFailure(reply, { code: 'AUTH.UNAUTHORIZED', msg: 'Please log in to continue.' })
      }
      return { status: true as const, data: await userBalance(app.db, user) }
    },
  )

  app.post(
    '/logout',
    {
      preHandler: app.requireUser,
      schema: { body: logoutRequest.nullish(), response: { 200: messageResponse } },
    },
    async (request) => {
      if (request.user) await revokeSession(app.db, app.clock, request.user.sessionId)
      return { status: true as const, msg: 'Logged out.' }
    },
  )
}
