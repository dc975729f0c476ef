import {
  qtechLaunchTarget,
  qtechLaunchUrlRequest,
  qtechLaunchUrlResponse,
} from '@backlay/contract/casino-launch'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { refuseDemo } from '../../../../auth/refuse-demo'
import { launchUrlFor } from '../../../../casino/launch-url'

/** Betting §7: `qtech/launchUrl` opens one game by provider code and game id (e.g. SPB / SPB-aviator). */
const qtechRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/launchUrl',
    {
      preHandler: [app.requireUser, refuseDemo],
      schema: { body: qtechLaunchUrlRequest, response: { 200: qtechLaunchUrlResponse } },
    },
    async (request, reply) => {
      const launchUrl = await launchUrlFor(app, request, reply, qtechLaunchTarget(request.body))
      if (launchUrl === undefined) return reply
      return { status: true as const, data: { launchUrl } }
    },
  )
}
export default qtechRoutes
