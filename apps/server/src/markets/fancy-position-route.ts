import { fancyPositionRequest, fancyPositionResponse } from '@backlay/contract/match-details'
import { paiseToRupees } from '@backlay/contract/money'
import { fancyExposure } from '@backlay/exchange/session'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

/**
 * POST fancy/getRunTimeFancyPosition { fancy_id }: the user's P/L from each run count up, one
 * entry where it changes (the run ladder of session.ts); empty without bets.
 */
export const fancyPositionRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/getRunTimeFancyPosition',
    {
      preHandler: app.requireUser,
      schema: { body: fancyPositionRequest, response: { 200: fancyPositionResponse } },
    },
    async (request) => {
      const userId = request.user?.userId ?? ''
      const position = await app.exchange.positionIn(userId, request.body.fancy_id)
      const ladder = position?.kind === 'SESSION' ? fancyExposure(position.fancy).ladder : []
      return {
        status: true as const,
        data: ladder.map((band) => ({ run: band.fromRuns, user_pl: paiseToRupees(band.pl) })),
      }
    },
  )
}
