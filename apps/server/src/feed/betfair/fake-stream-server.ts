import { once } from 'node:events'
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net'
import { createInterface } from 'node:readline'
import { createSecureContext, TLSSocket } from 'node:tls'
import type { MarketChange } from '@backlay/contract/betfair-stream'
import { loopbackCertificate } from '../../test/test-certificates'

interface Subscription {
  clk?: string
  initialClk?: string
  heartbeatMs?: number
  conflateMs?: number
  segmentationEnabled?: boolean
  marketFilter?: Record<string, string[]>
  marketDataFilter?: { fields: string[]; ladderLevels?: number }
}

/**
 * A stand-in for Betfair's Stream API that tests start: TLS with a self-signed certificate,
 * CRLF-delimited JSON, the connection → authentication → marketSubscription handshake, and
 * clocks that let a client resume. Every change it publishes gets the next clock; a client
 * that resubscribes with a clock receives exactly the changes after it.
 */
export class FakeStreamServer {
  readonly subscriptions: Subscription[] = []
  /** Clocks of the changes sent, in order, over every connection. */
  readonly delivered: string[] = []
  readonly certificate: string
  acceptedSession: string
  private readonly server: Server
  private readonly published: { clk: string; pt: number; mc: MarketChange[] }[] = []
  private readonly subscribers = new Set<TLSSocket>()
  /** Each connection's TLS socket and the TCP socket under it, which a reset needs. */
  private readonly sockets = new Map<TLSSocket, Socket>()

  private constructor(
    key: string,
    cert: string,
    private readonly appKey: string,
    session: string,
  ) {
    this.certificate = cert
    this.acceptedSession = session
    const secureContext = createSecureContext({ key, cert })
    // TLS over a plain TCP server, so that a test can reset the TCP connection under it.
    this.server = createServer((tcp) => {
      tcp.on('error', () => undefined)
      const socket = new TLSSocket(tcp, { isServer: true, secureContext })
      socket.on('secure', () => this.onConnection(socket, tcp))
    })
  }

  static async start(opts: { appKey: string; session: string }): Promise<FakeStreamServer> {
    const pems = await loopbackCertificate('fake-stream-api')
    const server = new FakeStreamServer(pems.private, pems.cert, opts.appKey, opts.session)
    server.server.listen(0, '127.0.0.1')
    await once(server.server, 'listening')
    return server
  }

  get port() {
    return (this.server.address() as AddressInfo).port
  }

  get clk() {
    return this.published.at(-1)?.clk ?? '0'
  }

  /** A change to every subscriber, with the next clock. */
  publish(pt: number, mc: MarketChange[]) {
    const change = { clk: String(this.published.length + 1), pt, mc }
    this.published.push(change)
    for (const socket of this.subscribers) {
      this.delivered.push(change.clk)
      this.send(socket, { op: 'mcm', id: 2, ...change })
    }
  }

  /**
   * Cuts every connection with a TCP reset, as a network failure or a crashed peer does: the
   * client's next read fails with ECONNRESET.
   */
  dropConnections() {
    for (const tcp of this.sockets.values()) tcp.resetAndDestroy()
    this.subscribers.clear()
  }

  async close() {
    this.dropConnections()
    this.server.close()
    await once(this.server, 'close')
  }

  private send(socket: TLSSocket, message: object) {
    socket.write(`${JSON.stringify(message)}\r\n`)
  }

  private onConnection(socket: TLSSocket, tcp: Socket) {
    this.sockets.set(socket, tcp)
    socket.on('close', () => {
      this.sockets.delete(socket)
      this.subscribers.delete(socket)
    })
    socket.on('error', () => undefined)
    this.send(socket, { op: 'connection', connectionId: `fake-${this.sockets.size}` })
    let authenticated = false
    const lines = createInterface({ input: socket, crlfDelay: Number.POSITIVE_INFINITY })
    // readline re-emits the socket's errors: a client that resets its connection is no failure.
    lines.on('error', () => undefined)
    lines.on('line', (line) => {
      const request = JSON.parse(line) as { op: string; id: number } & Record<string, unknown>
      if (request.op === 'authentication') {
        authenticated = request.appKey === this.appKey && request.session === this.acceptedSession
        if (authenticated) {
          this.send(socket, { op: 'status', id: request.id, statusCode: 'SUCCESS' })
          return
        }
        this.send(socket, {
          op: 'status',
          id: request.id,
          statusCode: 'FAILURE',
          errorCode: 'INVALID_SESSION_INFORMATION',
          errorMessage: 'Session token is invalid',
          connectionClosed: true,
        })
        socket.end()
        return
      }
      if (request.op === 'marketSubscription' && authenticated) {
        this.subscriptions.push(request as Subscription)
        this.send(socket, { op: 'status', id: request.id, statusCode: 'SUCCESS' })
        this.subscribe(socket, request as Subscription)
      }
    })
  }

  private subscribe(socket: TLSSocket, request: Subscription) {
    const resumeAfter = request.clk ? Number(request.clk) : 0
    const missed = this.published.filter((c) => Number(c.clk) > resumeAfter)
    const ct = request.clk ? 'RESUB_DELTA' : 'SUB_IMAGE'
    const base = { op: 'mcm', id: 2, heartbeatMs: request.heartbeatMs, conflateMs: 0 }
    if (missed.length === 0) {
      this.send(socket, { ...base, ct, initialClk: 'init', clk: this.clk, pt: Date.now(), mc: [] })
    }
    missed.forEach((change, i) => {
      this.delivered.push(change.clk)
      this.send(socket, { ...base, ...change, ...(i === 0 ? { ct, initialClk: 'init' } : {}) })
    })
    this.subscribers.add(socket)
  }
}
