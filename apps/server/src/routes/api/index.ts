import type { FastifyInstance } from 'fastify'
import { sendFailure } from '../../http/failure-status'
import { matchRoutes } from './v1/match'
import { menuRoutes } from './v1/menu'
import { serverTimeRoutes } from './v1/server-time'
import { userRoutes } from './v1/user'

/** Every call lives under /api/v1; an unknown /api path is a JSON 404, never the web app. */
export async function apiRoutes(app: FastifyInstance) {
  app.setNotFoundHandler((request, reply) =>
    sendFailure(reply, {
      code: 'ROUTE.NOT_FOUND',
      msg: `No such call: ${request.method} ${request.url.split('?')[0]}`,
    }),
  )
  await app.register(serverTimeRoutes, { prefix: '/v1' })
  await app.register(menuRoutes, { prefix: '/v1' })
  await app.register(matchRoutes, { prefix: '/v1/match' })
  await app.register(userRoutes, { prefix: '/v1/user' })
}
