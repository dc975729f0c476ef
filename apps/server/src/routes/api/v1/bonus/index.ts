import {
  bonusListRequest,
  bonusListResponse,
  bonusStatementRequest,
  bonusStatementResponse,
} from '@backlay/contract/bonus'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { bonusStatement, listBonuses } from '../../../../use-cases/bonuses'

/** POST bonus/list (the player's bonuses with wagering progress) and POST bonus/statement. */
const bonusRoutes: FastifyPluginAsyncZod = async (app) => {
  const userIdOf = (user: { userId: string } | null) => user?.userId ?? ''

  app.post(
    '/list',
    {
      preHandler: app.requireUser,
      schema: { body: bonusListRequest, response: { 200: bonusListResponse } },
    },
    async (request) => ({
      status: true as const,
      data: await listBonuses(app.db, userIdOf(request.user), request.body.status),
    }),
  )

  app.post(
    '/statement',
    {
      preHandler: app.requireUser,
      schema: { body: bonusStatementRequest, response: { 200: bonusStatementResponse } },
    },
    async (request) => ({
      status: true as const,
      data: await bonusStatement(app.db, userIdOf(request.user), request.body),
    }),
  )
}
export default bonusRoutes
