import {
  decidePaymentRequest,
  idParams,
  paymentRequestsQuery,
  paymentRequestsResponse,
} from '@backlay/contract/admin'
import { transactionResponse } from '@backlay/contract/deposit'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { actorOf } from '../../../../admin/guard'
import { paymentsService } from '../../../../admin/payments'
import { sendFailure } from '../../../../http/failure-status'

/** Deposit and withdrawal requests of the players in scope: list, approve, reject. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = paymentsService(app.db)

  app.get(
    '/payments',
    { schema: { querystring: paymentRequestsQuery, response: { 200: paymentRequestsResponse } } },
    async (request) => ({
      status: true as const,
      data: await payments.listForOperator(actorOf(request), request.query),
    }),
  )

  app.post(
    '/payments/:id/decision',
    {
      schema: {
        params: idParams,
        body: decidePaymentRequest,
        response: { 200: transactionResponse },
      },
    },
    async (request, reply) => {
      const decided = await payments.decideByOperator(
        actorOf(request),
        request.params.id,
        request.body,
        app.clock.now(),
        request.id,
      )
      if (!decided.ok) return sendFailure(reply, decided)
      return { status: true as const, data: decided.value }
    },
  )
}
