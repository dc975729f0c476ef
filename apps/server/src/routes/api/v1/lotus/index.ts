import {
  lotusLaunchTarget,
  lotusLobbyUrlRequest,
  lotusLobbyUrlResponse,
} from '@backlay/contract/casino-launch'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { refuseDemo } from '../../../../auth/refuse-demo'
import { launchUrlFor } from '../../../../casino/launch-url'

/** Betting §7: `lotus/lobbyUrl` opens the casino lobby (game 98789) or one old lotus game. */
const lotusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/lobbyUrl',
    {
      preHandler: [app.requireUser, refuseDemo],
      schema: { body: lotusLobbyUrlRequest.nullish(), response: { 200: lotusLobbyUrlResponse } },
    },
    async (request, reply) => {
      const launchUrl = await launchUrlFor(
        app,
        request,
        reply,
        lotusLaunchTarget(request.body ?? {}),
      )
      if (launchUrl === undefined) return reply
      return { status: true as const, launchUrl }
    },
  )
}
export default lotusRoutes
