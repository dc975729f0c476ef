import { cancelWithdrawalRequest, withdrawalRequest } from '@backlay/contract/deposit'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { postPlayerTransaction } from '../../../../admin/payment-player'
import { paymentsService } from '../../../../admin/payments'

/** POST withdrawal/request (holds the amount at once) and POST withdrawal/cancel (releases it). */
const withdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = paymentsService(app.db)

  postPlayerTransaction(
    app,
    '/request',
    withdrawalRequest,
    'Withdrawal request received.',
    (user, request) => payments.requestWithdrawal(user, request.body, app.clock.now(), request.id),
  )
  postPlayerTransaction(
    app,
    '/cancel',
    cancelWithdrawalRequest,
    'Withdrawal cancelled.',
    (user, request) =>
      payments.cancelWithdrawal(user.id, request.body.refrenceNo, app.clock.now(), request.id),
  )
}
export default withdrawalRoutes
