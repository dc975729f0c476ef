import { userSettingRequest, userSettingResponse } from '@backlay/contract/bet-settings'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sendFailure } from '../../../../http/failure-status'
import { betSettingsOf } from '../../../../use-cases/account-settings'

/** POST getUserSetting (empty body): the user's bet delays and limits. */
const getUserSettingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      preHandler: app.requireUser,
      schema: { body: userSettingRequest.nullish(), response: { 200: userSettingResponse } },
    },
    async (request, reply) => {
      if (!request.user)
        return sendFailure(reply, { code: 'AUTH.UNAUTHORIZED', msg: 'Please log in to continue.' })
      return { status: true as const, data: await betSettingsOf(app.db, request.user.userId) }
    },
  )
}
export default getUserSettingRoutes
