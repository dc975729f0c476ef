import { matchStatsResponse } from '@backlay/contract/match-details'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { sendFailure } from '../../../../http/failure-status'
import { matchStats } from '../../../../use-cases/match-stats'

const statsParams = z.strictObject({
  eventTypeId: z.string().trim().min(1).max(64),
  eventId: z.string().trim().min(1).max(64),
})

/** GET /match-center/stats/{eventTypeId}/{eventId}: the scoreboard of any event, open to guests. */
const matchCenterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stats/:eventTypeId/:eventId',
    { schema: { params: statsParams, response: { 200: matchStatsResponse } } },
    async (request, reply) => {
      const stats = await matchStats({ db: app.db, books: app.books }, request.params)
      return stats
        ? { status: true as const, data: stats }
        : sendFailure(reply, { code: 'MATCH.NOT_FOUND', msg: 'No such event.' })
    },
  )
}
export default matchCenterRoutes
