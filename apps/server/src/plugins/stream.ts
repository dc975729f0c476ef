import { STREAM_PATH } from '@backlay/contract/stream'
import websocket from '@fastify/websocket'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { ChannelHub } from '../stream/channel-hub'
import { feedPublisher } from '../stream/feed-publisher'
import { fancyImage, marketImage } from '../stream/images'
import { StreamServer } from '../stream/stream-server'
import { sessionCheck } from '../use-cases/sessions'

declare module 'fastify' {
  interface FastifyInstance {
    stream: StreamServer
  }
}

/** Frames kept per channel for resume: a few seconds of a busy in-play market. */
const REPLAY_FRAMES = 128
/** A channel nobody follows keeps its count and replay this long, so a dropped client can resume. */
const KEEP_IDLE_CHANNEL_MS = 60_000
/** Client messages are small commands; anything bigger is refused by the socket (close 1009). */
const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024

/**
 * The WebSocket stream at STREAM_PATH: follows `app.bus` channels for its clients and publishes
 * the feed's catalogue changes to the bus.
 */
export const streamPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(websocket, {
      // Off (as by default) because the stream writes ready-made uncompressed frames itself.
      options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES, perMessageDeflate: false },
    })
    const deps = { db: app.db, books: app.books }
    const hub = new ChannelHub({
      bus: app.bus,
      log: app.log,
      replaySize: REPLAY_FRAMES,
      keepMs: KEEP_IDLE_CHANNEL_MS,
    })
    const checkSession = sessionCheck(app.db, app.clock)
    const server = new StreamServer({
      hub,
      tokens: app.tokens,
      // The check reads the claims only; a socket has no request of its own after the upgrade.
      sessionCheck: (claims) => checkSession(claims, undefined as never),
      images: {
        market: (id) => marketImage(deps, id),
        fancy: (id) => fancyImage(deps, id),
      },
      clock: app.clock,
      log: app.log,
      heartbeatMs: app.config.STREAM_HEARTBEAT_MS,
      maxBufferedBytes: app.config.STREAM_MAX_BUFFERED_BYTES,
    })
    app.decorate('stream', server)
    app.get(STREAM_PATH, { websocket: true }, (socket, req) => server.accept(socket, req.socket))

    const heartbeat = setInterval(() => server.tick(), app.config.STREAM_HEARTBEAT_MS)
    heartbeat.unref()
    const stopFeed = app.feed?.subscribe(feedPublisher({ ...deps, bus: app.bus, log: app.log }))
    app.addHook('preClose', async () => {
      clearInterval(heartbeat)
      stopFeed?.()
      server.closeAll(1001, 'Server shutting down')
      hub.close()
    })
  },
  {
    name: 'stream',
    dependencies: ['app-context', 'database', 'message-bus', 'auth', 'feed', 'market-books'],
  },
)
