import { fanciesRequest, fanciesResponse } from '@backlay/contract/match-details'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { fancyPositionRoute } from '../../../../markets/fancy-position-route'
import { matchFancies } from '../../../../use-cases/match-details'

/** Session (fancy) lines of a match (betting §7); open to guests like the rest of the odds. */
const fancyRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fancyPositionRoute)
  app.post(
    '/getFancies',
    { schema: { body: fanciesRequest, response: { 200: fanciesResponse } } },
    async (request) => ({
      status: true as const,
      data: await matchFancies(app.db, request.body.match_id),
    }),
  )
}
export default fancyRoutes
