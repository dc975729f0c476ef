import { MSG } from '@backlay/contract/validation-messages'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { sendFailure } from '../http/failure-status'

export const DEMO_REFUSED = { code: 'DEMO.FORBIDDEN', msg: MSG.demoRefused } as const

/**
 * preHandler that answers 403 'Please login from your read ID.' to demo users (shell §6: casino,
 * slots, Aviator, Aura, card games; betting §5: stake buttons). Runs after `app.requireUser`:
 * `{ preHandler: [app.requireUser, refuseDemo] }`. The flag is read from the store, not the
 * token, so a token can never claim to be a real account.
 */
export async function refuseDemo(request: FastifyRequest, reply: FastifyReply) {
  if (!request.user) {
    return sendFailure(reply, { code: 'AUTH.UNAUTHORIZED', msg: 'Please log in to continue.' })
  }
  const user = await request.server.db
    .selectFrom('users')
    .select('is_demo')
    .where('id', '=', request.user.userId)
    .executeTakeFirst()
  if (!user || user.is_demo) return sendFailure(reply, DEMO_REFUSED)
}
