import { depositMethodsResponse, depositRequest } from '@backlay/contract/deposit'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { paymentPlayer, postPlayerTransaction } from '../../../../admin/payment-player'
import { depositMethodsOf, paymentsService } from '../../../../admin/payments'

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

  postPlayerTransaction(
    app,
    '/request',
    depositRequest,
    'Deposit request received.',
    (user, request) => payments.requestDeposit(user, request.body, app.clock.now()),
  )
}
export default depositRoutes
