import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { sendFailure } from '../http/failure-status'
import { assertNotExcluded, checkDepositLimit } from './responsible-gambling'

/**
 * The calls that stake or bring in money (betting §7, the casino launches, deposit). Gated here,
 * at the HTTP boundary, so no betting, casino or payment route can forget the check.
 */
export const RG_GATED_ROUTES: ReadonlySet<string> = new Set([
  '/api/v1/bet/saveBet',
  '/api/v1/bet/saveFancyBet',
  '/api/v1/bet/saveHrBet',
  '/api/v1/lotus/lobbyUrl',
  '/api/v1/qtech/launchUrl',
  '/api/v1/deposit/request',
])
const DEPOSIT_ROUTE = '/api/v1/deposit/request'

const BEARER = /^Bearer\s+(\S+)$/i

async function userOf(app: FastifyInstance, request: FastifyRequest) {
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1]
  if (!token) return null
  const verified = await app.tokens.verify(token)
  return verified.ok ? verified.value : null
}

const depositAmountPaise = (body: unknown): number | null => {
  const amount = (body as { amount?: unknown } | null)?.amount
  return typeof amount === 'number' && Number.isFinite(amount) ? Math.round(amount * 100) : null
}

/**
 * Refuses a self-excluded or timed-out player (403) on the gated calls, and a deposit that would
 * pass a deposit limit (409). Runs before the route's own preHandlers; a call without a valid
 * token is left to the route, which answers 401.
 */
export const responsibleGamblingGate = fp(
  async (app: FastifyInstance) => {
    app.addHook('preHandler', async (request, reply) => {
      const route = request.routeOptions.url
      if (!route || !RG_GATED_ROUTES.has(route)) return
      const user = await userOf(app, request)
      if (user?.role !== 'player') return
      const now = app.clock.now()
      const refused = await assertNotExcluded(app.db, user.userId, now)
      if (refused) return sendFailure(reply, refused)
      if (route === DEPOSIT_ROUTE) {
        const amount = depositAmountPaise(request.body)
        const overLimit = amount && (await checkDepositLimit(app.db, user.userId, amount, now))
        if (overLimit) return sendFailure(reply, overLimit)
      }
    })
  },
  { name: 'responsible-gambling-gate', dependencies: ['auth', 'database'] },
)
