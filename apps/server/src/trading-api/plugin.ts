import type { FastifyInstance } from 'fastify'
import { exchangeRoutes } from './exchange-routes'
import { identityRoutes } from './identity-routes'

/**
 * The trading API: Betfair's identity service and API-NG, served by Backlay under /betfair so a
 * client written for Betfair trades here once its base addresses point here (README "Trading
 * API"). Behind the general rate limit, like /api (per session, else per address), answered in
 * Betfair's shapes: TOO_MANY_REQUESTS, TEMPORARY_BAN_TOO_MANY_REQUESTS at login.
 */
export async function tradingApiPlugin(app: FastifyInstance) {
  await app.register(identityRoutes, { prefix: '/identity/api' })
  await app.register(exchangeRoutes, { prefix: '/exchange' })
}
