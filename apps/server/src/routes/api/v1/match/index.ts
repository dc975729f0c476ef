import { homeMatchesRequest, homeMatchesResponse } from '@backlay/contract/matches'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { listHomeMatches } from '../../../../use-cases/list-home-matches'

export const matchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/homeMatchesOpen',
    { schema: { body: homeMatchesRequest, response: { 200: homeMatchesResponse } } },
    async (request) => ({
      status: true as const,
      data: await listHomeMatches(app.db, {
        ...(request.body.sport_id !== undefined ? { sportId: request.body.sport_id } : {}),
        ...(request.body.series_id !== undefined ? { competitionId: request.body.series_id } : {}),
      }),
    }),
  )
}
