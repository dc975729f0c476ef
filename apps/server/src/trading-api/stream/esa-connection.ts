import type { TLSSocket } from 'node:tls'
import {
  MARKET_DATA_FIELDS,
  type MarketSubscriptionMessage,
  type OrderMarketChange,
  type OrderSubscriptionMessage,
  requestMessage,
} from '@backlay/contract/betfair-stream'
import type { FastifyInstance } from 'fastify'
import { keyedTrader } from '../api-caller'
import { ApingError } from '../api-errors'
import type { keyReader } from '../app-keys'
import { filteredMarkets } from '../market-reads'
import { dataView, type MarketDataView } from './market-changes'
import type { MarketFollower, MarketStream } from './market-stream'
import { type OrderFollower, type OrderStream, orderImage } from './order-stream'

/** The stream's error codes (Betfair's StatusMessage.errorCode). */
export type StreamErrorCode =
  | 'NO_APP_KEY'
  | 'INVALID_APP_KEY'
  | 'NO_SESSION'
  | 'INVALID_SESSION_INFORMATION'
  | 'NOT_AUTHORIZED'
  | 'INVALID_INPUT'
  | 'INVALID_CLOCK'
  | 'UNEXPECTED_ERROR'
  | 'TIMEOUT'
  | 'SUBSCRIPTION_LIMIT_EXCEEDED'
  | 'INVALID_REQUEST'
  | 'CONNECTION_FAILED'
  | 'MAX_CONNECTION_LIMIT_EXCEEDED'

/** A subscription's markets at most (Betfair's default limit). */
export const MAX_SUBSCRIBED_MARKETS = 200
const HEARTBEAT = { min: 500, max: 30_000, default: 5_000 }
const CONFLATE = { min: 0, max: 120_000, default: 0 }
const bounded = (value: number | undefined, b: typeof HEARTBEAT) =>
  Math.min(b.max, Math.max(b.min, value ?? b.default))

export interface StreamDeps {
  app: FastifyInstance
  keys: ReturnType<typeof keyReader>
  markets: MarketStream
  orders: OrderStream
  /** Counts a player's open connections against their limit; false when it is reached. */
  claimConnection(userId: string): { ok: boolean; available: number }
  releaseConnection(userId: string): void
  maxBufferedBytes: number
}

/** What a subscription writes besides its changes: its id, timing and when it last spoke. */
abstract class Subscription {
  lastWriteAt: number
  readonly id: number | undefined
  readonly heartbeatMs: number
  readonly conflateMs: number
  constructor(
    protected readonly connection: EsaConnection,
    /** The subscription's request: its id, and its timing within Betfair's bounds. */
    message: {
      id?: number | undefined
      heartbeatMs?: number | undefined
      conflateMs?: number | undefined
    },
  ) {
    this.id = message.id
    this.heartbeatMs = bounded(message.heartbeatMs, HEARTBEAT)
    this.conflateMs = bounded(message.conflateMs, CONFLATE)
    this.lastWriteAt = connection.now()
  }
  abstract readonly op: 'mcm' | 'ocm'
  abstract clk(): string
  /** Writes what is pending, if anything. */
  protected abstract flush(): void
  private timer: NodeJS.Timeout | null = null

  /** Pending changes go out now, or merged at the end of the conflation period. */
  protected schedule() {
    if (this.conflateMs === 0) return this.flush()
    this.timer ??= setTimeout(() => {
      this.timer = null
      this.flush()
    }, this.conflateMs)
  }

  protected cancelTimer() {
    if (this.timer !== null) clearTimeout(this.timer)
  }
  protected head(pt: number) {
    return `{"op":"${this.op}"${this.id === undefined ? '' : `,"id":${this.id}`},"clk":"${this.clk()}","pt":${pt}`
  }
  heartbeat(now: number) {
    if (now - this.lastWriteAt < this.heartbeatMs) return
    this.write(`${this.head(now)},"ct":"HEARTBEAT"}`, now)
  }
  protected write(frame: string, now: number) {
    this.lastWriteAt = now
    this.connection.writeLine(frame)
  }
}

class MarketSubscription extends Subscription implements MarketFollower {
  readonly op = 'mcm'
  /** The moment of each market this subscriber was last sent. */
  readonly sent = new Map<string, ReturnType<MarketStream['momentOf']>>()
  private readonly pending = new Set<string>()

  constructor(
    connection: EsaConnection,
    private readonly stream: MarketStream,
    readonly view: MarketDataView,
    message: MarketSubscriptionMessage,
  ) {
    super(connection, message)
  }

  clk() {
    return this.stream.clk()
  }

  /** The first frame: every market whole, or after `resumeAt` only what moved since. */
  start(marketIds: readonly string[], resumeAt: number | null) {
    const now = this.connection.now()
    const parts: string[] = []
    for (const id of marketIds) {
      const from = resumeAt === null ? undefined : this.stream.momentOf(id, resumeAt)
      const part = this.changeOf(id, from)
      if (part) parts.push(part)
    }
    const timing = `"conflateMs":${this.conflateMs},"heartbeatMs":${this.heartbeatMs}`
    const ct = resumeAt === null ? 'SUB_IMAGE' : 'RESUB_DELTA'
    this.write(
      `${this.head(now)},"initialClk":"${this.clk()}","ct":"${ct}",${timing},"mc":[${parts.join(',')}]}`,
      now,
    )
  }

  private changeOf(marketId: string, from: ReturnType<MarketStream['momentOf']>) {
    const to = this.stream.momentOf(marketId)
    if (!to) return null
    this.sent.set(marketId, to)
    return from === to ? null : this.stream.changeJson(marketId, from, to, this.view)
  }

  moved(marketIds: readonly string[]) {
    for (const id of marketIds) this.pending.add(id)
    this.schedule()
  }

  protected flush() {
    const parts: string[] = []
    for (const id of this.pending) {
      const part = this.changeOf(id, this.sent.get(id))
      if (part) parts.push(part)
    }
    this.pending.clear()
    if (parts.length === 0) return
    const now = this.connection.now()
    this.write(`${this.head(now)},"mc":[${parts.join(',')}]}`, now)
  }

  stop() {
    this.cancelTimer()
    this.stream.unfollow(this, this.sent.keys())
  }
}

class OrderSubscription extends Subscription implements OrderFollower {
  readonly op = 'ocm'
  private clock = 0
  private readonly pending: OrderMarketChange[] = []

  constructor(
    connection: EsaConnection,
    readonly userId: string,
    private readonly strategyRefs: ReadonlySet<string> | null,
    message: OrderSubscriptionMessage,
  ) {
    super(connection, message)
  }

  clk() {
    return String(this.clock)
  }

  /** Only the orders of the strategies asked for, when the filter names some. */
  private picked(changes: readonly OrderMarketChange[]): OrderMarketChange[] {
    const refs = this.strategyRefs
    if (!refs) return [...changes]
    return changes.flatMap((market) => {
      const orc = (market.orc ?? []).flatMap((runner) => {
        const uo = runner.uo?.filter((o) => o.rfs !== undefined && refs.has(o.rfs))
        return uo && uo.length > 0 ? [{ ...runner, uo }] : []
      })
      return orc.length > 0 ? [{ ...market, orc }] : []
    })
  }

  /** The first frame: every unsettled order (each market a full image), resumed or not. */
  start(image: readonly OrderMarketChange[], resumed: boolean) {
    const now = this.connection.now()
    this.clock++
    const timing = `"conflateMs":${this.conflateMs},"heartbeatMs":${this.heartbeatMs}`
    const ct = resumed ? 'RESUB_DELTA' : 'SUB_IMAGE'
    this.write(
      `${this.head(now)},"initialClk":"${this.clk()}","ct":"${ct}",${timing},"oc":${JSON.stringify(this.picked(image))}}`,
      now,
    )
  }

  changed(changes: readonly OrderMarketChange[]) {
    this.pending.push(...this.picked(changes))
    this.schedule()
  }

  protected flush() {
    if (this.pending.length === 0) return
    const now = this.connection.now()
    this.clock++
    this.write(`${this.head(now)},"oc":${JSON.stringify(this.pending.splice(0))}}`, now)
  }

  stop(orders: OrderStream) {
    this.cancelTimer()
    orders.unfollow(this)
  }
}

/** Fields of a subscription that names none: the market's definition alone. */
const DEFAULT_FIELDS = ['EX_MARKET_DEF'] as const
/** Betfair's ladder depth when a subscription gives none. */
const DEFAULT_LEVELS = 10

/**
 * One client of the Exchange Stream API: `connection` on connect, then CRLF-delimited requests
 * (authentication, marketSubscription, orderSubscription, heartbeat), each answered with a
 * `status`, and the subscriptions' `mcm` and `ocm` frames. Every refusal is a status with
 * Betfair's error code; those Betfair ends a connection for close it here too.
 */
export class EsaConnection {
  private user: { userId: string } | null = null
  private market: MarketSubscription | null = null
  private order: OrderSubscription | null = null
  private closed = false
  /** Called once the client authenticated (the server stops its authentication timer). */
  onAuthenticated: () => void = () => undefined
  /** Requests are answered in order: a subscription's image is written before the next one. */
  private queue: Promise<void> = Promise.resolve()

  constructor(
    private readonly socket: TLSSocket,
    readonly connectionId: string,
    private readonly deps: StreamDeps,
  ) {
    this.writeLine(`{"op":"connection","connectionId":"${connectionId}"}`)
  }

  get authenticated() {
    return this.user !== null
  }

  now() {
    return this.deps.app.clock.now()
  }

  writeLine(frame: string) {
    if (this.closed) return
    if (this.socket.writableLength > this.deps.maxBufferedBytes) {
      // A client that reads slower than the market moves is dropped, not buffered without end.
      this.status(undefined, 'FAILURE', { errorCode: 'TIMEOUT', close: true }, 'Client too slow')
      return
    }
    this.socket.write(`${frame}\r\n`)
  }

  /** A line the client sent; answered in turn. */
  receive(line: string) {
    if (line.trim() === '') return
    this.queue = this.queue
      .then(() => this.handle(line))
      .catch((err) => {
        this.deps.app.log.error({ err }, 'stream request failed')
        this.status(undefined, 'FAILURE', { errorCode: 'UNEXPECTED_ERROR', close: true }, '')
      })
  }

  private async handle(line: string) {
    if (this.closed) return
    let json: unknown
    try {
      json = JSON.parse(line)
    } catch {
      return this.status(
        undefined,
        'FAILURE',
        { errorCode: 'INVALID_INPUT', close: true },
        'The request is not JSON.',
      )
    }
    const parsed = requestMessage.safeParse(json)
    const id =
      typeof (json as { id?: unknown })?.id === 'number' ? (json as { id: number }).id : undefined
    if (!parsed.success) {
      const op = (json as { op?: unknown })?.op
      const known = ['authentication', 'marketSubscription', 'orderSubscription', 'heartbeat']
      return known.includes(String(op))
        ? this.status(
            id,
            'FAILURE',
            { errorCode: 'INVALID_INPUT', close: true },
            parsed.error.issues[0]?.message ?? '',
          )
        : this.status(
            id,
            'FAILURE',
            { errorCode: 'INVALID_REQUEST', close: true },
            `Unknown op ${String(op)}.`,
          )
    }
    const message = parsed.data
    if (message.op === 'heartbeat') return this.status(id, 'SUCCESS')
    if (message.op === 'authentication')
      return this.authenticate(id, message.appKey, message.session)
    if (!this.user)
      return this.status(
        id,
        'FAILURE',
        { errorCode: 'NOT_AUTHORIZED', close: true },
        'Authenticate first.',
      )
    if (message.op === 'marketSubscription') return this.subscribeMarkets(message)
    return this.subscribeOrders(message)
  }

  private async authenticate(id: number | undefined, appKey?: string, session?: string) {
    if (this.user) return this.status(id, 'SUCCESS')
    if (!appKey) return this.refuse(id, 'NO_APP_KEY', 'No application key.')
    if (!session) return this.refuse(id, 'NO_SESSION', 'No session token.')
    const { app } = this.deps
    const verified = await app.tokens.verify(session)
    const refused = !verified.ok
      ? verified
      : verified.value.role !== 'player'
        ? { msg: 'This is not a player’s session.' }
        : await app.checkSession(verified.value, undefined as never)
    if (refused || !verified.ok)
      return this.refuse(id, 'INVALID_SESSION_INFORMATION', refused?.msg ?? 'Invalid session.')
    const userId = verified.value.userId
    try {
      await keyedTrader(app, this.deps.keys, userId, appKey)
    } catch (err) {
      if (!(err instanceof ApingError)) throw err
      return this.refuse(
        id,
        err.errorCode === 'INVALID_APP_KEY' ? 'INVALID_APP_KEY' : 'NOT_AUTHORIZED',
        err.details,
      )
    }
    const claim = this.deps.claimConnection(userId)
    if (!claim.ok)
      return this.refuse(
        id,
        'MAX_CONNECTION_LIMIT_EXCEEDED',
        'Too many stream connections for this account.',
      )
    this.user = { userId }
    this.onAuthenticated()
    this.status(id, 'SUCCESS', { available: claim.available })
  }

  private async subscribeMarkets(message: MarketSubscriptionMessage) {
    const user = this.user
    if (!user) return
    const filter = message.marketFilter ?? {}
    const markets = await filteredMarkets(
      this.deps.app.db,
      {
        ...(filter.marketIds ? { marketIds: filter.marketIds } : {}),
        ...(filter.eventIds ? { eventIds: filter.eventIds } : {}),
        ...(filter.eventTypeIds ? { eventTypeIds: filter.eventTypeIds } : {}),
        ...(filter.marketTypes ? { marketTypeCodes: filter.marketTypes } : {}),
        ...(filter.venues ? { venues: filter.venues } : {}),
        ...(filter.countryCodes ? { marketCountries: filter.countryCodes } : {}),
        ...(filter.bettingTypes ? { marketBettingTypes: filter.bettingTypes as ['ODDS'] } : {}),
        ...(filter.bspMarket ? { bspOnly: true } : {}),
      },
      user.userId,
      { limit: MAX_SUBSCRIBED_MARKETS + 1 },
    )
    if (markets.length > MAX_SUBSCRIBED_MARKETS)
      return this.status(
        message.id,
        'FAILURE',
        { errorCode: 'SUBSCRIPTION_LIMIT_EXCEEDED' },
        `At most ${MAX_SUBSCRIBED_MARKETS} markets a subscription.`,
      )
    const resumeToken = message.clk ?? message.initialClk
    const resumeAt = this.deps.markets.clockOf(resumeToken)
    if (resumeToken !== undefined && resumeAt === null && !/^[0-9a-z]+-\d+$/.test(resumeToken))
      return this.status(
        message.id,
        'FAILURE',
        { errorCode: 'INVALID_CLOCK' },
        'Not a clock of this stream.',
      )
    const fields = message.marketDataFilter?.fields ?? DEFAULT_FIELDS
    const view = dataView(
      fields.filter((f) => (MARKET_DATA_FIELDS as readonly string[]).includes(f)),
      message.marketDataFilter?.ladderLevels ?? DEFAULT_LEVELS,
    )
    // A new market subscription replaces the connection's last one, as Betfair's does.
    this.market?.stop()
    const subscription = new MarketSubscription(this, this.deps.markets, view, message)
    this.market = subscription
    await this.deps.markets.follow(subscription, markets)
    if (this.closed || this.market !== subscription) return subscription.stop()
    this.status(message.id, 'SUCCESS')
    subscription.start(
      markets.map((m) => m.id),
      resumeAt,
    )
  }

  private async subscribeOrders(message: OrderSubscriptionMessage) {
    const user = this.user
    if (!user) return
    this.order?.stop(this.deps.orders)
    const refs = message.orderFilter?.customerStrategyRefs
    const subscription = new OrderSubscription(
      this,
      user.userId,
      refs && refs.length > 0 ? new Set(refs) : null,
      message,
    )
    this.order = subscription
    // Following first: a bet placed while the image is read shows as a change after it.
    this.deps.orders.follow(subscription)
    const image = await orderImage(this.deps.app.db, user.userId)
    if (this.closed || this.order !== subscription) return
    this.status(message.id, 'SUCCESS')
    subscription.start(image, message.clk !== undefined || message.initialClk !== undefined)
  }

  /** No authentication in time: closed as Betfair closes it. */
  timeOut() {
    if (!this.user) this.refuse(undefined, 'TIMEOUT', 'Authenticate within 15 seconds.')
  }

  /** The server stops: the socket ends. */
  end() {
    this.socket.end()
  }

  /** Heartbeats of quiet subscriptions (the server's timer calls this). */
  tick(now: number) {
    this.market?.heartbeat(now)
    this.order?.heartbeat(now)
  }

  private refuse(id: number | undefined, errorCode: StreamErrorCode, message: string) {
    this.status(id, 'FAILURE', { errorCode, close: true }, message)
  }

  private status(
    id: number | undefined,
    statusCode: 'SUCCESS' | 'FAILURE',
    extra: { errorCode?: StreamErrorCode; close?: boolean; available?: number } = {},
    errorMessage?: string,
  ) {
    const status = {
      op: 'status',
      ...(id === undefined ? {} : { id }),
      statusCode,
      ...(extra.errorCode ? { errorCode: extra.errorCode, errorMessage: errorMessage ?? '' } : {}),
      ...(extra.available === undefined ? {} : { connectionsAvailable: extra.available }),
      connectionClosed: extra.close === true,
      connectionId: this.connectionId,
    }
    if (this.closed) return
    this.socket.write(`${JSON.stringify(status)}\r\n`)
    if (extra.close) {
      this.closed = true
      this.socket.end()
    }
  }

  /** The socket ended: subscriptions stop and the player's connection is counted off. */
  close() {
    if (this.user) this.deps.releaseConnection(this.user.userId)
    this.user = null
    this.closed = true
    this.market?.stop()
    this.order?.stop(this.deps.orders)
  }
}
