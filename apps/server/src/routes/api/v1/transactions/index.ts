import {
  transactionDetailsResponse,
  transactionsRequest,
  transactionsResponse,
} from '@backlay/contract/deposit'
import { idText } from '@backlay/contract/wire'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { paymentPlayer } from '../../../../admin/payment-player'
import { paymentsService } from '../../../../admin/payments'
import { sendFailure } from '../../../../http/failure-status'

/** POST transactions/list (the player's deposits and withdrawals) and GET transactions/{type}/{refrenceNo}. */
const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = paymentsService(app.db)

  app.post(
    '/list',
    {
      preHandler: app.requireUser,
      schema: { body: transactionsRequest, response: { 200: transactionsResponse } },
    },
    async (request, reply) => {
      const user = await paymentPlayer(app, request, reply)
      if (!user) return reply
      return { status: true as const, data: await payments.list(user.id, request.body) }
    },
  )

  app.get(
    '/:type/:refrenceNo',
    {
      preHandler: app.requireUser,
      schema: {
        params: z.strictObject({
          type: z.enum(['DEPOSIT', 'WITHDRAWAL', 'deposit', 'withdrawal']),
          refrenceNo: idText,
        }),
        response: { 200: transactionDetailsResponse },
      },
    },
    async (request, reply) => {
      const user = await paymentPlayer(app, request, reply)
      if (!user) return reply
      const found = await payments.details(user.id, request.params.type, request.params.refrenceNo)
      if (!found)
        return sendFailure(reply, { code: 'PAYMENT.NOT_FOUND', msg: 'No such transaction.' })
      return { status: true as const, data: found }
    },
  )
}
export default transactionRoutes
