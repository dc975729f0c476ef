import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { sendFailure } from '../http/failure-status'

/** The logged-in player of a payment call (refuses operators: they have no wallet). */
export async function paymentPlayer(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const user =
    request.user?.role === 'player'
      ? await app.db
          .selectFrom('users')
          .select(['id', 'brand_id', 'is_b2c', 'is_demo'])
          .where('id', '=', request.user.userId)
          .executeTakeFirst()
      : undefined
  if (!user) {
    sendFailure(reply, { code: 'PAYMENT.FORBIDDEN', msg: 'Player accounts only.' })
    return null
  }
  return user
}
