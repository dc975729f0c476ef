import {
  demoLoginRequest,
  demoLoginResponse,
  loginRequest,
  loginResponse,
  loginStepUpResponse,
  logoutRequest,
  messageResponse,
  registerRequest,
  registerResponse,
} from '@backlay/contract/auth'
import { balanceRequest, balanceResponse } from '@backlay/contract/balance'
import { failure } from '@backlay/contract/envelope'
import { changePasswordRequest } from '@backlay/contract/password-reset'
import {
  getUserMatchStackRequest,
  matchStackResponse,
  updateMatchStackRequest,
} from '@backlay/contract/stakes'
import { timeSettingRequest, timeSettingsResponse } from '@backlay/contract/time-settings'
import { MSG } from '@backlay/contract/validation-messages'
import formbody from '@fastify/formbody'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { DEFAULT_LOGIN_CLIENTS, loginClientOf } from '../../../../auth/login-clients'
import { refuseDemo } from '../../../../auth/refuse-demo'
import { usersRepository } from '../../../../db/repositories/users'
import { sendFailure } from '../../../../http/failure-status'
import { requestBrand } from '../../../../http/request-brand'
import { authRateLimit } from '../../../../plugins/rate-limits'
import {
  saveStakes,
  saveTimeZone,
  timeSettingsOf,
  userSettings,
} from '../../../../use-cases/account-settings'
import { brandSettingsOf, signupAllowed } from '../../../../use-cases/brand-config'
import { createDemoUser } from '../../../../use-cases/demo-login'
import { guardedLogin } from '../../../../use-cases/guarded-login'
import { openSession } from '../../../../use-cases/login'
import { STEP_UP_MSG } from '../../../../use-cases/login-step-up'
import { changeOwnPassword } from '../../../../use-cases/password-reset'
import { register, SIGNUP_CLOSED_MSG } from '../../../../use-cases/register'
import { revokeSession } from '../../../../use-cases/sessions'
import { userBalance } from '../../../../use-cases/user-balance'

const NOT_LOGGED_IN = { code: 'AUTH.UNAUTHORIZED', msg: 'Please log in to continue.' } as const

/** userLogin only answers the clients the brand accepts, each with its Basic credential. */
async function requireLoginClient(request: FastifyRequest, reply: FastifyReply) {
  const brand = await requestBrand(request)
  const clients = brand.ok ? brandSettingsOf(brand.value).loginClients : DEFAULT_LOGIN_CLIENTS
  if (!loginClientOf(request.headers.authorization, clients)) {
    return sendFailure(reply, {
      code: 'AUTH.UNAUTHORIZED',
      msg: 'Missing or wrong client authorization.',
    })
  }
}

/**
 * Session, registration, password, stake-button and time-setting calls (shell §7, betting §7).
 * The empty-body calls accept a missing body too (Fastify hands that in as null), as clients
 * post them bare.
 */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(formbody)
  const guard = app.loginGuard
  const otpDeps = { db: app.db, clock: app.clock, sender: app.otpSender }

  /** Betting §5: a guest changing stakes reads 'Please Login In to Change Stakes'. */
  const requireUserForStakes = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.headers.authorization) {
      return sendFailure(reply, { code: 'AUTH.UNAUTHORIZED', msg: MSG.loginToChangeStakes })
    }
    return app.requireUser(request, reply)
  }

  /**
   * Login, behind the failed-login guard (auth/login-guard.ts): a wrong password slows its
   * address down, never the account's owner elsewhere; an account under attack confirms a right
   * password with an OTP (403 AUTH.STEP_UP_REQUIRED, then the same call with orderId and otp).
   * Only credential-free calls share the per-address auth budget: right passwords are never
   * slowed, so players behind one shared address all get in.
   */
  app.post(
    '/userLogin',
    {
      onRequest: requireLoginClient,
      schema: {
        body: loginRequest,
        response: {
          200: loginResponse,
          // A locked account answers 403 too, in the plain failure shape.
          403: z.union([loginStepUpResponse, failure]),
        },
      },
    },
    async (request, reply) => {
      const brand = await requestBrand(request)
      if (!brand.ok) return sendFailure(reply, brand)
      const login = await guardedLogin({ ...otpDeps, guard }, brand.value, {
        userName: request.body.user_name,
        password: request.body.password,
        ip: request.ip,
        ...(request.body.orderId ? { orderId: request.body.orderId } : {}),
        ...(request.body.otp ? { otp: request.body.otp } : {}),
      })
      if (login.kind === 'refused') return sendFailure(reply, login.failure)
      if (login.kind === 'step-up') {
        return reply.code(403).send({
          status: false as const,
          code: 'AUTH.STEP_UP_REQUIRED' as const,
          msg: STEP_UP_MSG,
          data: login.challenge,
        })
      }
      const user = login.user
      return openSession({ db: app.db, tokens: app.tokens, clock: app.clock }, user)
    },
  )

  app.post(
    '/autoDemoUserLogin',
    {
      config: { rateLimit: authRateLimit },
      schema: { body: demoLoginRequest.nullish(), response: { 200: demoLoginResponse } },
    },
    async (request, reply) => {
      const brand = await requestBrand(request)
      if (!brand.ok) return sendFailure(reply, brand)
      return {
        status: true as const,
        msg: 'Demo account created.',
        data: await createDemoUser(app.db, brand.value.id, request.id),
      }
    },
  )

  app.post(
    '/register',
    {
      config: { rateLimit: authRateLimit },
      schema: { body: registerRequest, response: { 200: registerResponse } },
    },
    async (request, reply) => {
      const brand = await requestBrand(request)
      if (!brand.ok) return sendFailure(reply, brand)
      if (!signupAllowed(brand.value, request.host, request.body.refer_code)) {
        return sendFailure(reply, { code: 'SIGNUP.FORBIDDEN', msg: SIGNUP_CLOSED_MSG })
      }
      const created = await register(app.db, app.clock, brand.value.id, request.body)
      if (!created.ok) return sendFailure(reply, created)
      return { status: true as const, msg: 'Registration successful. Welcome!' }
    },
  )

  app.post(
    '/getBalanceCRef',
    {
      preHandler: app.requireUser,
      // Shell §8: a balance call refused for the session carries the logout flag.
      onSend: async (_request, reply, payload) => {
        if ((reply.statusCode !== 401 && reply.statusCode !== 403) || typeof payload !== 'string')
          return payload
        return JSON.stringify({ ...JSON.parse(payload), logout: true })
      },
      schema: { body: balanceRequest.nullish(), response: { 200: balanceResponse } },
    },
    async (request, reply) => {
      const user = request.user && (await usersRepository(app.db).findById(request.user.userId))
      if (!user) return sendFailure(reply, NOT_LOGGED_IN)
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

  app.post(
    '/selfChangePassword',
    {
      preHandler: app.requireUser,
      config: { rateLimit: authRateLimit },
      schema: { body: changePasswordRequest, response: { 200: messageResponse } },
    },
    async (request, reply) => {
      if (!request.user) return sendFailure(reply, NOT_LOGGED_IN)
      const changed = await changeOwnPassword(app.db, app.clock, {
        userId: request.user.userId,
        sessionId: request.user.sessionId,
        oldPassword: request.body.oldPassword,
        newPassword: request.body.newPassword,
      })
      if (!changed.ok) return sendFailure(reply, changed)
      return {
        status: true as const,
        msg: 'Password changed. Other devices have been logged out.',
      }
    },
  )

  app.post(
    '/getUserMatchStack',
    {
      preHandler: app.requireUser,
      schema: { body: getUserMatchStackRequest.nullish(), response: { 200: matchStackResponse } },
    },
    async (request, reply) => {
      if (!request.user) return sendFailure(reply, NOT_LOGGED_IN)
      const settings = await userSettings(app.db, request.user.userId)
      return { status: true as const, data: { match_stack: settings.presetStakeSettings.settings } }
    },
  )

  app.post(
    '/updateMatchStack',
    {
      preHandler: [requireUserForStakes, refuseDemo],
      schema: { body: updateMatchStackRequest, response: { 200: matchStackResponse } },
    },
    async (request, reply) => {
      if (!request.user) return sendFailure(reply, NOT_LOGGED_IN)
      const saved = await saveStakes(
        app.db,
        request.user.userId,
        'settings',
        request.body.match_stack,
      )
      return {
        status: true as const,
        msg: 'Stakes updated.',
        data: { match_stack: saved.presetStakeSettings.settings },
      }
    },
  )

  app.get(
    '/timeSetting',
    { preHandler: app.requireUser, schema: { response: { 200: timeSettingsResponse } } },
    async (request, reply) => {
      if (!request.user) return sendFailure(reply, NOT_LOGGED_IN)
      return {
        status: true as const,
        data: await timeSettingsOf(app.db, app.clock, request.user.userId),
      }
    },
  )

  app.post(
    '/timeSetting',
    {
      preHandler: app.requireUser,
      schema: { body: timeSettingRequest, response: { 200: timeSettingsResponse } },
    },
    async (request, reply) => {
      if (!request.user) return sendFailure(reply, NOT_LOGGED_IN)
      return {
        status: true as const,
        msg: 'Time setting saved.',
        data: await saveTimeZone(app.db, app.clock, request.user.userId, request.body.timeZoneName),
      }
    },
  )
}
export default userRoutes
