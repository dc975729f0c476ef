import type { FastifyInstance } from 'fastify'
import { exchangeRoutes } from './exchange-routes'
import { identityRoutes } from './identity-routes'

/**
 * The trading API: Betfair's identity service and API-NG, served by Backlay under /betfair so a
 * client written for Betfair trades here once its base addresses point here (README "Trading
 * API"). Behind the general rate limit, like /api.
 */
export async function tradingApiPlugin(app: FastifyInstance) {
  app.addHook('onRequest', app.apiRateLimit)
  await app.register(identityRoutes, { prefix: '/identity/api' })
  await app.register(exchangeRoutes, { prefix: '/exchange' })
}
