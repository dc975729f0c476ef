import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { createInterface } from 'node:readline'
import { createServer, type Server } from 'node:tls'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { keyReader } from '../app-keys'
import { EsaConnection } from './esa-connection'
import { MarketStream } from './market-stream'
import { OrderStream } from './order-stream'
import { streamCertificate } from './stream-certificate'

/** A connection that has not authenticated this long is closed, as Betfair's are. */
const AUTHENTICATE_WITHIN_MS = 15_000
/** How often quiet subscriptions are checked for a heartbeat due (their bound is 500 ms). */
const HEARTBEAT_CHECK_MS = 250

declare module 'fastify' {
  interface FastifyInstance {
    /** The Exchange Stream API of the trading API (README "Trading API"). */
    tradingStream: {
      /**
       * The port it listens on, once it does (the app's onListen starts it after the HTTP port
       * is up; listen() does not wait for that); null with BETFAIR_STREAM_PORT=off.
       */
      listening(): Promise<number | null>
      /** The TLS certificate clients should trust (self-signed unless TLS_CERT_FILE is set). */
      certificate(): string | null
      /** Waits until every published change has been written to the subscribers. */
      idle(): Promise<void>
      /**
       * Writes `line` to every authenticated client as the stream writes its frames: the
       * baseline the stream benchmark holds the fan-out to (bench/trading-stream.bench.ts).
       */
      writeRaw(line: string): void
    }
  }
}

/**
 * Serves Betfair's Exchange Stream API on its own TLS port once the app listens: the same
 * sessions, application keys and switches as API-NG, prices drawn from the exchange's books
 * and orders from the store, so what a stream shows equals what listMarketBook answers.
 */
export const tradingStreamPlugin = fp(
  async (app: FastifyInstance) => {
    const markets = new MarketStream({
      db: app.db,
      engine: app.exchange,
      bus: app.bus,
      log: app.log,
    })
    const orders = new OrderStream({ db: app.db, bus: app.bus, log: app.log })
    const keys = keyReader(app.db, app.ownWrites)
    const perPlayer = new Map<string, number>()
    const max = app.config.BETFAIR_STREAM_MAX_CONNECTIONS
    const connections = new Set<EsaConnection>()
    let server: Server | null = null
    let certificate: string | null = null
    let heartbeats: NodeJS.Timeout | null = null
    let connectionCount = 0
    // Node 20 has no Promise.withResolvers.
    let resolveStarted: (port: number | null) => void = () => undefined
    let rejectStarted: (err: unknown) => void = () => undefined
    const started = new Promise<number | null>((resolve, reject) => {
      resolveStarted = resolve
      rejectStarted = reject
    })
    // A stream that failed to start is logged by the hook; a listening() nobody awaits stays quiet.
    started.catch(() => undefined)

    app.decorate('tradingStream', {
      listening: () => started,
      certificate: () => certificate,
      idle: async () => {
        await markets.idle()
        await orders.idle()
      },
      writeRaw: (line: string) => {
        for (const connection of connections)
          if (connection.authenticated) connection.writeLine(line)
      },
    })

    const deps = {
      app,
      keys,
      markets,
      orders,
      maxBufferedBytes: app.config.STREAM_MAX_BUFFERED_BYTES,
      claimConnection(userId: string) {
        const open = perPlayer.get(userId) ?? 0
        if (open >= max) return { ok: false, available: 0 }
        perPlayer.set(userId, open + 1)
        return { ok: true, available: max - open - 1 }
      },
      releaseConnection(userId: string) {
        const open = (perPlayer.get(userId) ?? 1) - 1
        if (open <= 0) perPlayer.delete(userId)
        else perPlayer.set(userId, open)
      },
    }

    const start = async (): Promise<number | null> => {
      const port = app.config.BETFAIR_STREAM_PORT
      if (port === 'off') return null
      const pems = await streamCertificate(app.config)
      certificate = pems.cert
      server = createServer({ key: pems.key, cert: pems.cert }, (socket) => {
        socket.setNoDelay(true)
        const connection = new EsaConnection(socket, `${markets.run}-${++connectionCount}`, deps)
        connections.add(connection)
        const unauthenticated = setTimeout(() => connection.timeOut(), AUTHENTICATE_WITHIN_MS)
        const lines = createInterface({ input: socket, crlfDelay: Number.POSITIVE_INFINITY })
        lines.on('line', (line) => connection.receive(line))
        socket.on('error', () => undefined)
        socket.on('close', () => {
          clearTimeout(unauthenticated)
          connections.delete(connection)
          connection.close()
        })
        connection.onAuthenticated = () => clearTimeout(unauthenticated)
      })
      server.on('tlsClientError', () => undefined)
      server.listen(port, app.config.HOST)
      await once(server, 'listening')
      heartbeats = setInterval(() => {
        const now = app.clock.now()
        for (const connection of connections) connection.tick(now)
      }, HEARTBEAT_CHECK_MS)
      heartbeats.unref()
      const bound = (server.address() as AddressInfo).port
      app.log.info({ port: bound }, 'trading stream listening')
      return bound
    }
    // Fastify runs onListen after listen() resolved: listening() is how callers wait for it.
    app.addHook('onListen', async () => {
      start().then(resolveStarted, rejectStarted)
      await started
    })

    app.addHook('preClose', async () => {
      if (heartbeats) clearInterval(heartbeats)
      if (!server) return
      const closing = once(server, 'close')
      server.close()
      for (const connection of connections) connection.end()
      await closing
    })
  },
  { name: 'trading-stream', dependencies: ['market-books', 'message-bus'] },
)
