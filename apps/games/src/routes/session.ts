import { casinoGameId } from '@backlay/contract/casino-launch'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { CATALOGUE, SLOT_PROVIDERS } from '../catalogue'
import type { Session, Sessions } from '../session/sessions'
import type { WalletClient } from '../wallet/wallet-client'

export const sessionIdOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization
  return header?.startsWith('Bearer ') ? header.slice(7) : undefined
}

/** The session of a request, or a 401 answer already sent. */
export const requireSession = (
  sessions: Sessions,
  request: FastifyRequest,
  reply: FastifyReply,
): Session | undefined => {
  const session = sessions.find(sessionIdOf(request))
  if (!session) {
    void reply.code(401).send({ status: false, msg: 'Session expired.', code: 'GAMES.NO_SESSION' })
  }
  return session
}

const openSession = z.object({ token: z.string().min(16).max(256), game: casinoGameId })

export const sessionRoutes = async (
  app: FastifyInstance,
  { sessions, wallet }: { sessions: Sessions; wallet: WalletClient },
) => {
  app.get('/api/catalogue', async () => ({
    status: true,
    data: { games: CATALOGUE, providers: SLOT_PROVIDERS },
  }))

  app.post('/api/session', async (request, reply) => {
    const body = openSession.safeParse(request.body)
    if (!body.success) {
      return reply
        .code(400)
        .send({ status: false, msg: 'Invalid launch.', code: 'GAMES.INVALID_LAUNCH' })
    }
    const refused = {
      status: false,
      msg: 'This game link has expired.',
      code: 'GAMES.LAUNCH_EXPIRED',
    }
    if (!sessions.claimToken(body.data.token)) return reply.code(401).send(refused)
    const player = await wallet.authenticate({ token: body.data.token, gameId: body.data.game })
    if (!player.ok) {
      if (player.code === 'CASINO_WALLET.UNREACHABLE') {
        return reply
          .code(503)
          .send({ status: false, msg: 'Wallet unavailable.', code: player.code })
      }
      return reply.code(401).send(refused)
    }
    const { playerId, displayName, balance, currency } = player.data
    return {
      status: true,
      data: { sessionId: sessions.open(playerId, displayName), displayName, balance, currency },
    }
  })

  app.get('/api/balance', async (request, reply) => {
    const session = requireSession(sessions, request, reply)
    if (!session) return reply
    const answer = await wallet.balance(session.playerId)
    if (!answer.ok)
      return reply.code(503).send({ status: false, msg: answer.msg, code: answer.code })
    return { status: true, data: answer.data }
  })
}
