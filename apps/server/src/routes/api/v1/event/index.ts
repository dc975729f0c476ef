import { eventsLimitRequest, eventsLimitResponse } from '@backlay/contract/match-details'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { eventLimits } from '../../../../use-cases/event-limits'

/** Stake limits of a match's markets and sessions (betting §3 sport limits, §7). */
const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/getEventsLimit',
    { schema: { body: eventsLimitRequest, response: { 200: eventsLimitResponse } } },
    async (request) => ({
      status: true as const,
      data: await eventLimits(app.db, {
        matchId: request.body.match_id,
        sportId: request.body.sport_id,
      }),
    }),
  )
}
export default eventRoutes
