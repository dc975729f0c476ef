import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { checkDepositLimit, exclusionReader, exclusionRefusal } from './responsible-gambling'

/**
 * The calls that stake or bring in money (betting §7, the casino launches, deposit). Gated here,
 * at the HTTP boundary, so no betting, casino or payment route can forget the check; the app
 * refuses to start if one of them does not run `requireUser`, which runs the gate.
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

const depositAmountPaise = (body: unknown): number | null => {
  const amount = (body as { amount?: unknown } | null)?.amount
  return typeof amount === 'number' && Number.isFinite(amount) ? Math.round(amount * 100) : null
}

/**
 * Refuses a self-excluded or timed-out player (403) on the gated calls, and a deposit that would
 * pass a deposit limit (409). A check of `requireUser`, so it runs on the claims of a verified
 * token, beside the session check, whose refusal answers first: a call without a valid token or
 * live session gets the route's 401, and the token is verified once.
 */
export const responsibleGamblingGate = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      const preHandlers = [route.preHandler ?? []].flat()
      if (RG_GATED_ROUTES.has(route.url) && !preHandlers.includes(app.requireUser))
        throw new Error(`${route.url} stakes or brings money but does not run requireUser`)
    })
    const readExclusion = exclusionReader(app.db, app.ownWrites)
    app.addSessionCheck(async (claims, request) => {
      const route = request.routeOptions.url
      if (!route || !RG_GATED_ROUTES.has(route) || claims.role !== 'player') return null
      const now = app.clock.now()
      const refused = exclusionRefusal(await readExclusion(claims.userId), now)
      if (refused || route !== DEPOSIT_ROUTE) return refused
      const amount = depositAmountPaise(request.body)
      return amount ? checkDepositLimit(app.db, claims.userId, amount, now) : null
    })
  },
  { name: 'responsible-gambling-gate', dependencies: ['auth', 'database'] },
)
