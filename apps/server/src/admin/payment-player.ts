import { type Transaction, transactionResponse } from '@backlay/contract/deposit'
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyTypeProviderDefault,
} from 'fastify'
import type { z } from 'zod'
import { sendFailure } from '../http/failure-status'
import type { Result } from '../result'

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

type PaymentPlayer = NonNullable<Awaited<ReturnType<typeof paymentPlayer>>>

/** Registers a player's payment call that makes or changes one transaction and answers it with `msg`. */
export function postPlayerTransaction<B extends z.ZodType>(
  app: FastifyInstance,
  path: string,
  body: B,
  msg: string,
  run: (
    user: PaymentPlayer,
    request: FastifyRequest<{ Body: z.output<B> }>,
  ) => Promise<Result<Transaction>>,
) {
  app
    .withTypeProvider<FastifyTypeProviderDefault>()
    .post<{ Body: z.output<B> }>(
      path,
      { preHandler: app.requireUser, schema: { body, response: { 200: transactionResponse } } },
      async (request, reply) => {
        const user = await paymentPlayer(app, request, reply)
        if (!user) return reply
        const made = await run(user, request)
        if (!made.ok) return sendFailure(reply, made)
        return { status: true as const, msg, data: made.value }
      },
    )
}
