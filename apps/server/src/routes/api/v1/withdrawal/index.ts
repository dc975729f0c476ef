import {
  cancelWithdrawalRequest,
  transactionResponse,
  withdrawalRequest,
} from '@backlay/contract/deposit'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { paymentPlayer } from '../../../../admin/payment-player'
import { paymentsService } from '../../../../admin/payments'
import { sendFailure } from '../../../../http/failure-status'

/** POST withdrawal/request (holds the amount at once) and POST withdrawal/cancel (releases it). */
const withdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = paymentsService(app.db)

  app.post(
    '/request',
    {
      preHandler: app.requireUser,
      schema: { body: withdrawalRequest, response: { 200: transactionResponse } },
    },
    async (request, reply) => {
      const user = await paymentPlayer(app, request, reply)
      if (!user) return reply
      const made = await payments.requestWithdrawal(user, request.body, app.clock.now())
      if (!made.ok) return sendFailure(reply, made)
      return { status: true as const, msg: 'Withdrawal request received.', data: made.value }
    },
  )

  app.post(
    '/cancel',
    {
      preHandler: app.requireUser,
      schema: { body: cancelWithdrawalRequest, response: { 200: transactionResponse } },
    },
    async (request, reply) => {
      const user = await paymentPlayer(app, request, reply)
      if (!user) return reply
      const done = await payments.cancelWithdrawal(
        user.id,
        request.body.refrenceNo,
        app.clock.now(),
      )
      if (!done.ok) return sendFailure(reply, done)
      return { status: true as const, msg: 'Withdrawal cancelled.', data: done.value }
    },
  )
}
export default withdrawalRoutes
