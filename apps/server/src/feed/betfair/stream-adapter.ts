import { isIP } from 'node:net'
import { createInterface } from 'node:readline'
import { connect, type TLSSocket } from 'node:tls'
import type { StatusMessage } from '@backlay/contract/betfair-stream'
import type { FastifyBaseLogger } from 'fastify'
import type { FeedAdapter, FeedDescription, FeedUpdate } from '../feed-adapter'
import { FeedMarkets } from './feed-markets'
import { listMarketNames, NAMES_PER_CALL } from './market-names'
import type { SessionSource } from './session-token'
import { parseStreamLine } from './stream-lines'

/** Betfair's codes for a session token it no longer accepts: a new one is needed. */
const STALE_SESSION = new Set(['INVALID_SESSION_INFORMATION', 'NO_SESSION'])

export interface BetfairStreamSettings {
  host: string
  port: number
  appKey: string
  session: SessionSource
  /** Where names come from: the live stream sends market definitions without them. */
  bettingApiUrl: string
  eventTypeIds: readonly string[]
  marketTypes: readonly string[]
  countryCodes: readonly string[]
  conflateMs: number
  heartbeatMs: number
  /** Certificates to trust beyond the system's (a test's own server). */
  ca?: string
  /** First and longest pause before a reconnection; it doubles in between. */
  reconnectMs: { min: number; max: number }
  /** How long the first snapshot waits for the subscription's image. */
  firstImageTimeoutMs: number
}

const AUTHENTICATION_ID = 1
const SUBSCRIPTION_ID = 2
/** After a failed names lookup, the next waits this long. */
const NAMES_RETRY_MS = 30_000
/** A stream silent for this many heartbeat periods is dead: drop it and reconnect. */
const MISSED_HEARTBEATS = 3

/**
 * The Betfair Exchange Stream API as a feed: one TLS connection of CRLF-delimited JSON,
 * authenticated with the app key and a session token, subscribed to the market filter. It
 * reconnects with back-off and resubscribes from the last clock, so Betfair sends only what
 * changed meanwhile. Between the feed service's polls it only marks which markets changed.
 */
export class BetfairStreamAdapter implements FeedAdapter {
  readonly name = 'betfair-stream'
  private readonly feed: FeedMarkets
  private socket: TLSSocket | null = null
  private stopped = false
  private retryMs: number
  private retryTimer: NodeJS.Timeout | null = null
  private subscribed: (() => void) | null = null
  private readonly firstImage: Promise<void>
  private namesInFlight = false
  private namesRetryAt = 0
  /** Whether the open connection's authentication was accepted. */
  private authenticated = false
  /** Connections opened so far (tests and logs). */
  connections = 0

  constructor(
    private readonly settings: BetfairStreamSettings,
    private readonly log: FastifyBaseLogger,
  ) {
    this.feed = new FeedMarkets(log)
    this.retryMs = settings.reconnectMs.min
    this.firstImage = new Promise((resolve) => {
      this.subscribed = resolve
    })
  }

  async snapshot(now: number): Promise<FeedUpdate> {
    this.open()
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.settings.firstImageTimeoutMs)
    })
    await Promise.race([this.firstImage, timeout])
    clearTimeout(timer)
    return this.feed.update(now, 0, true)
  }

  async poll(now: number): Promise<FeedUpdate> {
    return this.feed.update(now, 0, false)
  }

  describe(): FeedDescription {
    const { host, port } = this.settings
    return {
      source: `${host}:${port}`,
      state: this.socket && this.authenticated ? 'connected' : 'connecting',
      lastMessageAt: this.feed.lastPublishTime(),
    }
  }

  async close(): Promise<void> {
    this.stopped = true
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.socket?.destroy()
    this.socket = null
  }

  private open() {
    if (this.stopped || this.socket) return
    const { host, port, ca } = this.settings
    this.connections += 1
    // SNI carries host names only (RFC 6066), never an address.
    const socket = connect({
      host,
      port,
      ...(isIP(host) ? {} : { servername: host }),
      ...(ca ? { ca } : {}),
    })
    this.socket = socket
    socket.setNoDelay(true)
    socket.on('error', (err) =>
      this.log.warn({ err, host, port }, 'betfair stream: connection error'),
    )
    socket.on('close', () => {
      if (this.socket !== socket) return
      this.socket = null
      this.authenticated = false
      this.scheduleReconnect()
    })
    // Node's idle timer restarts on every byte, so a live stream never pays a timer per message.
    socket.on('timeout', () => {
      this.log.warn({ silentMs: socket.timeout }, 'betfair stream: silent, reconnecting')
      socket.destroy()
    })
    this.watchSilence(socket)
    const lines = createInterface({ input: socket, crlfDelay: Number.POSITIVE_INFINITY })
    lines.on('line', (line) => this.onLine(socket, line))
    // readline re-emits its input's errors, which the socket's handler has logged already; an
    // interface without a listener would turn a reset connection into an uncaught exception.
    lines.on('error', () => undefined)
  }

  /** A stream silent for MISSED_HEARTBEATS of its heartbeats (Betfair's, once it echoed one) is dead. */
  private watchSilence(socket: TLSSocket) {
    socket.setTimeout((this.feed.heartbeatMs() ?? this.settings.heartbeatMs) * MISSED_HEARTBEATS)
  }

  private scheduleReconnect() {
    if (this.stopped) return
    const wait = this.retryMs
    this.retryMs = Math.min(this.retryMs * 2, this.settings.reconnectMs.max)
    this.log.info({ inMs: wait }, 'betfair stream: reconnecting')
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null
      this.open()
    }, wait)
  }

  private send(socket: TLSSocket, message: object) {
    socket.write(`${JSON.stringify(message)}\r\n`)
  }

  private onLine(socket: TLSSocket, line: string) {
    if (line.trim() === '') return
    const parsed = parseStreamLine(line)
    if (!parsed.ok) {
      this.log.warn({ reason: parsed.reason }, 'betfair stream: message skipped')
      return
    }
    const message = parsed.message
    switch (message.op) {
      case 'connection':
        this.authenticate(socket)
        return
      case 'status':
        this.onStatus(socket, message)
        return
      case 'ccm':
        this.feed.applyCricket(message)
        return
      case 'mcm': {
        const applied = this.feed.apply(message)
        if (!applied.complete) return
        if (message.ct === 'SUB_IMAGE' || message.ct === 'RESUB_DELTA') this.onImage(socket)
        this.lookUpNames()
        return
      }
    }
  }

  private authenticate(socket: TLSSocket) {
    this.settings.session.token().then(
      (session) =>
        this.send(socket, {
          op: 'authentication',
          id: AUTHENTICATION_ID,
          appKey: this.settings.appKey,
          session,
        }),
      (err: unknown) => {
        this.log.error({ err }, 'betfair stream: no session token')
        socket.destroy()
      },
    )
  }

  private onStatus(socket: TLSSocket, status: StatusMessage) {
    if (status.statusCode === 'FAILURE') {
      if (status.errorCode && STALE_SESSION.has(status.errorCode)) this.settings.session.refused()
      // Authentication refused, a bad filter, too many connections: nothing improves by
      // hammering, so the socket closes and the back-off decides when to try again.
      this.log.error(
        { errorCode: status.errorCode, errorMessage: status.errorMessage, requestId: status.id },
        'betfair stream: request refused',
      )
      socket.destroy()
      return
    }
    if (status.id === AUTHENTICATION_ID) {
      this.authenticated = true
      this.subscribe(socket)
    }
  }

  private subscribe(socket: TLSSocket) {
    const { eventTypeIds, marketTypes, countryCodes, conflateMs, heartbeatMs } = this.settings
    const { initialClk, clk } = this.feed.clocks()
    this.send(socket, {
      op: 'marketSubscription',
      id: SUBSCRIPTION_ID,
      segmentationEnabled: true,
      conflateMs,
      heartbeatMs,
      ...(initialClk ? { initialClk } : {}),
      ...(clk ? { clk } : {}),
      marketFilter: {
        ...(eventTypeIds.length ? { eventTypeIds } : {}),
        ...(marketTypes.length ? { marketTypes } : {}),
        ...(countryCodes.length ? { countryCodes } : {}),
      },
      marketDataFilter: {
        fields: ['EX_BEST_OFFERS_DISP', 'EX_TRADED', 'EX_TRADED_VOL', 'EX_LTP', 'EX_MARKET_DEF'],
        ladderLevels: 3,
      },
    })
  }

  /** Asks the betting API for the names of markets that came without, a batch at a time. */
  private lookUpNames() {
    if (this.namesInFlight || this.stopped || Date.now() < this.namesRetryAt) return
    const ids = this.feed.takeUnnamed(NAMES_PER_CALL)
    if (ids.length === 0) return
    this.namesInFlight = true
    const { appKey, ca, bettingApiUrl, session } = this.settings
    listMarketNames({ url: bettingApiUrl, appKey, ...(ca ? { ca } : {}) }, session, ids)
      .then((names) => this.feed.setNames(names))
      .catch((err: unknown) => {
        this.feed.unask(ids)
        this.namesRetryAt = Date.now() + NAMES_RETRY_MS
        this.log.warn({ err, markets: ids.length }, 'betfair catalogue: names not fetched')
      })
      .finally(() => {
        this.namesInFlight = false
      })
  }

  /**
   * A whole image or resubscription arrived: the connection works, so back-off starts over, and
   * the heartbeat Betfair granted sets how long a silence may last.
   */
  private onImage(socket: TLSSocket) {
    this.retryMs = this.settings.reconnectMs.min
    this.watchSilence(socket)
    this.subscribed?.()
    this.subscribed = null
  }
}
