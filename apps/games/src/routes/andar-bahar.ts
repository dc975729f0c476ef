import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { AndarBaharTable } from '../andar-bahar/table'
import type { Sessions } from '../session/sessions'
import { requireSession, sessionIdOf } from './session'

const betBody = z.object({ side: z.enum(['andar', 'bahar']), stake: z.number().int().positive() })

export const andarBaharRoutes = async (
  app: FastifyInstance,
  { sessions, table }: { sessions: Sessions; table: AndarBaharTable },
) => {
  app.get('/api/andar-bahar/state', async (request) => {
    const session = sessions.find(sessionIdOf(request))
    return { status: true, data: table.state(session?.playerId) }
  })

  app.post('/api/andar-bahar/bet', async (request, reply) => {
    const session = requireSession(sessions, request, reply)
    if (!session) return reply
    const body = betBody.safeParse(request.body)
    if (!body.success) {
      return reply
        .code(400)
        .send({ status: false, msg: 'Invalid bet.', code: 'ANDAR_BAHAR.INVALID_BET' })
    }
    const answer = await table.placeBet(session, body.data.side, body.data.stake)
    if (!answer.ok)
      return reply.code(409).send({ status: false, msg: answer.msg, code: answer.code })
    return { status: true, data: { balance: answer.balance } }
  })
}
