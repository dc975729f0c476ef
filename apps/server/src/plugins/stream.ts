import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import { STREAM_PATH } from '@backlay/contract/stream'
import websocket from '@fastify/websocket'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { feedPublisher } from '../stream/feed-publisher'
import { fancyImage, ladderImage, marketImage } from '../stream/images'
import type { StreamServer } from '../stream/stream-server'
import { SOCKET_OPTIONS, startStream } from '../stream/stream-setup'
import { StreamWorkers } from '../stream/stream-workers'
import type { StreamCalls } from '../stream/worker-protocol'

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-process stream; null when STREAM_WORKERS runs it in worker processes. */
    stream: StreamServer | null
  }
}

/**
 * The WebSocket stream at STREAM_PATH: follows `app.bus` channels for its clients, in this
 * process or in STREAM_WORKERS worker processes, and publishes the feed's catalogue changes to
 * the bus.
 */
export const streamPlugin = fp(
  async (app: FastifyInstance) => {
    const deps = { db: app.db, books: app.books }
    const calls: StreamCalls = {
      marketImage: (id) => marketImage(deps, id),
      fancyImage: (id) => fancyImage(deps, id),
      ladderImage: (id) => ladderImage({ db: app.db, exchange: app.exchange }, id),
      verifyToken: (token) => app.tokens.verify(token),
      // The check reads the claims only; a socket has no request of its own after the upgrade.
      checkSession: (claims) => app.checkSession(claims, undefined as never),
    }
    const settings = {
      heartbeatMs: app.config.STREAM_HEARTBEAT_MS,
      maxBufferedBytes: app.config.STREAM_MAX_BUFFERED_BYTES,
    }

    if (app.config.STREAM_WORKERS > 0) {
      const workers = new StreamWorkers({
        count: app.config.STREAM_WORKERS,
        bus: app.bus,
        calls,
        log: app.log,
        settings: { ...settings, logLevel: app.config.LOG_LEVEL },
      })
      app.decorate('stream', null)
      app.server.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => {
        if (new URL(request.url ?? '/', 'http://stream').pathname === STREAM_PATH)
          workers.handOff(request, socket, head)
        else socket.destroy()
      })
      app.addHook('preClose', async () => workers.goodbye())
      app.addHook('onClose', () => workers.exit())
    } else {
      await app.register(websocket, { options: SOCKET_OPTIONS })
      const stream = startStream({
        ...settings,
        bus: app.bus,
        calls,
        clock: app.clock,
        log: app.log,
      })
      app.decorate('stream', stream.server)
      app.route({
        method: 'GET',
        url: STREAM_PATH,
        // A plain GET (a scanner, a browser tab) is told what the path is for.
        handler: (_request, reply) =>
          reply.code(426).send({
            status: false,
            msg: 'The stream speaks WebSocket: connect with an Upgrade request.',
            code: 'STREAM.UPGRADE_REQUIRED',
          }),
        wsHandler: (socket, req) => stream.server.accept(socket, req.socket),
      })
      app.addHook('preClose', async () => stream.close())
    }

    const stopFeed = app.feed?.subscribe(feedPublisher({ ...deps, bus: app.bus, log: app.log }))
    app.addHook('preClose', async () => {
      stopFeed?.()
    })
  },
  {
    name: 'stream',
    dependencies: ['app-context', 'database', 'message-bus', 'auth', 'feed', 'market-books'],
  },
)
