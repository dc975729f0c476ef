import {
  depositMethodsResponse,
  depositRequest,
  transactionResponse,
} from '@backlay/contract/deposit'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { paymentPlayer } from '../../../../admin/payment-player'
import { depositMethodsOf, paymentsService } from '../../../../admin/payments'
import { sendFailure } from '../../../../http/failure-status'

/**
 * GET deposit/methods (the brand's UPI id or bank account) and POST deposit/request (a claim
 * with the payment reference, credited when an operator approves it). Responsible-gambling
 * refusals and deposit limits are checked by the gate before this runs.
 */
const depositRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = paymentsService(app.db)

  app.get(
    '/methods',
    { preHandler: app.requireUser, schema: { response: { 200: depositMethodsResponse } } },
    async (request, reply) => {
      const user = await paymentPlayer(app, request, reply)
      if (!user) return reply
      const brand = await app.db
        .selectFrom('brands')
        .select('config')
        .where('id', '=', user.brand_id)
        .executeTakeFirstOrThrow()
      return { status: true as const, data: depositMethodsOf(brand) }
    },
  )

  app.post(
    '/request',
    {
      preHandler: app.requireUser,
      schema: { body: depositRequest, response: { 200: transactionResponse } },
    },
    async (request, reply) => {
      const user = await paymentPlayer(app, request, reply)
      if (!user) return reply
      const made = await payments.requestDeposit(user, request.body, app.clock.now())
      if (!made.ok) return sendFailure(reply, made)
      return { status: true as const, msg: 'Deposit request received.', data: made.value }
    },
  )
}
export default depositRoutes
