import type { FastifyInstance } from 'fastify'
import type { WebSocket } from 'ws'
import type { CrashEngine } from '../crash/engine'
import { type CrashServerMessage, crashClientMessage } from '../crash/protocol'
import type { Sessions } from '../session/sessions'
import type { WalletClient } from '../wallet/wallet-client'

/** Live sockets of the crash game; the engine broadcasts through `send`. */
export const createCrashHub = () => {
  const sockets = new Set<WebSocket>()
  return {
    sockets,
    send(message: CrashServerMessage) {
      const text = JSON.stringify(message)
      for (const socket of sockets) if (socket.readyState === socket.OPEN) socket.send(text)
    },
  }
}
export type CrashHub = ReturnType<typeof createCrashHub>

export const crashRoutes = async (
  app: FastifyInstance,
  deps: {
    sessions: Sessions
    wallet: WalletClient
    engine: CrashEngine
    hub: CrashHub
    revealed: (gameNumber: number) => string | undefined
    now: () => number
  },
) => {
  const { sessions, wallet, engine, hub, revealed, now } = deps

  app.get('/api/crash/fairness', async () => ({
    status: true,
    data: engine.snapshot().snapshot.fairness,
  }))

  app.get<{ Params: { gameNumber: string } }>(
    '/api/crash/rounds/:gameNumber',
    async (request, reply) => {
      const gameNumber = Number(request.params.gameNumber)
      const hash = revealed(gameNumber)
      if (!hash) {
        return reply
          .code(404)
          .send({ status: false, msg: 'Round not revealed yet.', code: 'CRASH.NOT_REVEALED' })
      }
      return { status: true, data: { gameNumber, hash } }
    },
  )

  app.get<{ Querystring: { session?: string } }>(
    '/ws/crash',
    { websocket: true },
    (socket, request) => {
      const session = sessions.find(request.query.session)
      const reply = (message: CrashServerMessage) => socket.send(JSON.stringify(message))
      hub.sockets.add(socket)
      socket.on('close', () => hub.sockets.delete(socket))
      const { snapshot, me } = engine.snapshot(session?.playerId)
      reply({ type: 'snapshot', serverNow: now(), snapshot, ...(me ? { me } : {}) })
      if (session) {
        void wallet.balance(session.playerId).then((answer) => {
          if (answer.ok)
            reply({
              type: 'snapshot',
              serverNow: now(),
              snapshot,
              balance: answer.data.balance,
              ...(me ? { me } : {}),
            })
        })
      }
      socket.on('message', async (data) => {
        const parsed = crashClientMessage.safeParse(safeJson(String(data)))
        if (!parsed.success) return
        const action = parsed.data.type
        if (!session) {
          reply({
            type: 'result',
            ok: false,
            action,
            code: 'GAMES.NO_SESSION',
            msg: 'Session expired.',
          })
          return
        }
        const answer =
          parsed.data.type === 'bet'
            ? await engine.placeBet(session, parsed.data.stake, parsed.data.autoCashOut)
            : await engine.cashOut(session.playerId)
        reply(
          answer.ok ? { type: 'result', action, ...answer } : { type: 'result', action, ...answer },
        )
      })
    },
  )
}

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
