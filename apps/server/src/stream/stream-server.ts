import type { Duplex } from 'node:stream'
import { issueMessage } from '@backlay/contract/issue-message'
import {
  clientMessage,
  type ServerMessage,
  STREAM_CLOSE,
  STREAM_MAX_CHANNELS,
} from '@backlay/contract/stream'
import { checkedInput } from '@backlay/contract/text-rules'
import type { FastifyBaseLogger } from 'fastify'
import type { WebSocket } from 'ws'
import type { z } from 'zod'
import type { Clock } from '../clock'
import type { ChannelHub, ChannelSubscriber } from './channel-hub'
import { fancyChannel, ladderChannel, marketChannel, userChannel } from './channels'
import type { FancyImage, LadderImage, MarketImage } from './images'
import { textFrame } from './text-frame'
import type { StreamCalls } from './worker-protocol'

/** A client's message behind the contract's text rule, as every door reads its input. */
const clientInput = checkedInput(clientMessage)

type ErrorCode = Extract<ServerMessage, { type: 'error' }>['code']
type Parsed = z.output<typeof clientMessage>

export interface StreamServerOptions {
  hub: ChannelHub
  /** Images, and the token and session checks (revoked session or locked user) of HTTP calls. */
  calls: StreamCalls
  clock: Clock
  log: FastifyBaseLogger
  heartbeatMs: number
  /** Unsent bytes a connection may hold before it is closed as too slow. */
  maxBufferedBytes: number
  monotonicNow?: () => number
}

type Image = MarketImage | FancyImage | LadderImage

interface ChannelRef {
  name: string
  /** id as the client named it (market id or match id) */
  id: string
  kind: 'market' | 'fancy' | 'ladder'
}

const IMAGE_CALL = {
  market: 'marketImage',
  fancy: 'fancyImage',
  ladder: 'ladderImage',
} as const satisfies Record<ChannelRef['kind'], keyof StreamCalls>

const WS_OPEN = 1
/** After a close frame a peer has this long to answer before the socket is cut. */
const CLOSE_GRACE_MS = 5_000

/**
 * The WebSocket protocol of @backlay/contract/stream: subscribe → image then deltas, resume
 * → replay or image, auth → private `user:<id>` messages. Any message from the client counts
 * as a sign of life; the periodic `tick` sends the heartbeat, closes silent peers (4408) and
 * expired sessions (4401).
 */
export class StreamServer {
  private readonly connections = new Set<StreamConnection>()
  /** Images being read, by channel: clients joining at once share one read. */
  private readonly imageReads = new Map<string, Promise<{ seq: number; image: Image | null }>>()
  readonly now: () => number

  constructor(readonly opts: StreamServerOptions) {
    this.now = opts.monotonicNow ?? (() => performance.now())
  }

  /**
   * `tcp` is the connection's own socket under `socket` (the upgraded request's). Frames are
   * written to it ready-made; `socket` reads and closes. This is safe because without
   * permessage-deflate `ws` writes its own frames (close) at once, in order with ours.
   */
  accept(socket: WebSocket, tcp: Duplex) {
    const connection = new StreamConnection(this, socket, tcp)
    this.connections.add(connection)
    socket.on('close', () => {
      this.connections.delete(connection)
      connection.dispose()
    })
  }

  tick() {
    const frame = textFrame({ type: 'heartbeat', ts: this.opts.clock.now() })
    const silentSince = this.now() - 3 * this.opts.heartbeatMs
    for (const connection of this.connections) connection.tick(frame, silentSince)
    this.opts.hub.sweep()
  }

  /**
   * The channel's image and the seq it was read at. Messages published during the read are in
   * the hub's replay after that seq, so every client of a shared read can catch up from it.
   */
  readImage(ref: ChannelRef): Promise<{ seq: number; image: Image | null }> {
    const pending = this.imageReads.get(ref.name)
    if (pending) return pending
    const seq = this.opts.hub.open(ref.name)
    const read = this.opts.calls[IMAGE_CALL[ref.kind]](ref.id).then((image) => ({ seq, image }))
    this.imageReads.set(ref.name, read)
    const forget = () => this.imageReads.delete(ref.name)
    read.then(forget, forget)
    return read
  }

  closeAll(code: number, reason: string) {
    for (const connection of this.connections) connection.close(code, reason)
  }

  get connectionCount() {
    return this.connections.size
  }

  /** Bytes written to the clients that their sockets have not sent yet. */
  get queuedBytes() {
    let bytes = 0
    for (const connection of this.connections) bytes += connection.queuedBytes
    return bytes
  }
}

class StreamConnection implements ChannelSubscriber {
  /** Public channels followed or being joined (image on its way). */
  private readonly channels = new Map<string, ChannelRef>()
  private readonly joined = new Set<string>()
  private user: { userId: string; expiresAt: number; channel: string } | null = null
  private lastHeard: number
  private closed = false

  constructor(
    private readonly server: StreamServer,
    private readonly socket: WebSocket,
    private readonly tcp: Duplex,
  ) {
    this.lastHeard = server.now()
    socket.on('message', (data, isBinary) => {
      this.lastHeard = server.now()
      this.receive(data, isBinary).catch((err) => {
        server.opts.log.error({ err }, 'stream: handling a client message failed')
        this.send({
          type: 'error',
          id: null,
          code: 'STREAM.BAD_MESSAGE',
          msg: 'Something went wrong',
        })
      })
    })
    socket.on('error', (err) => server.opts.log.debug({ err }, 'stream: socket error'))
  }

  get queuedBytes() {
    return this.tcp.writableLength
  }

  deliver(frame: Buffer) {
    if (this.closed || this.socket.readyState !== WS_OPEN) return
    if (this.tcp.writableLength > this.server.opts.maxBufferedBytes) {
      this.close(STREAM_CLOSE.tooSlow, 'Reading too slowly')
      return
    }
    this.tcp.write(frame)
  }

  tick(heartbeat: Buffer, silentSince: number) {
    if (this.closed) return
    if (this.lastHeard < silentSince) return this.close(STREAM_CLOSE.idle, 'No heartbeat')
    if (this.user && this.server.opts.clock.now() >= this.user.expiresAt * 1000) {
      this.send({
        type: 'error',
        id: null,
        code: 'STREAM.AUTH_EXPIRED',
        msg: 'Session expired. Please log in again.',
      })
      return this.close(STREAM_CLOSE.authExpired, 'Session expired')
    }
    this.deliver(heartbeat)
  }

  close(code: number, reason: string) {
    if (this.closed) return
    this.closed = true
    this.dispose()
    this.socket.close(code, reason)
    // A peer that reads too slowly may never read the close frame either.
    setTimeout(() => this.socket.terminate(), CLOSE_GRACE_MS).unref()
  }

  dispose() {
    const hub = this.server.opts.hub
    for (const name of this.joined) hub.unsubscribe(name, this)
    this.joined.clear()
    this.channels.clear()
    if (this.user) hub.unsubscribe(this.user.channel, this)
    this.user = null
  }

  private send(message: ServerMessage) {
    this.deliver(textFrame(message))
  }

  private error(id: string | undefined | null, code: ErrorCode, msg: string) {
    this.send({ type: 'error', id: id ?? null, code, msg })
  }

  private ack(id: string | undefined) {
    if (id !== undefined) this.send({ type: 'ack', id })
  }

  private async receive(data: unknown, isBinary: boolean) {
    if (this.closed) return
    if (isBinary) return this.error(null, 'STREAM.BAD_MESSAGE', 'Send JSON text frames.')
    let json: unknown
    try {
      json = JSON.parse(String(data))
    } catch {
      return this.error(null, 'STREAM.BAD_MESSAGE', 'Not valid JSON.')
    }
    const parsed = clientInput.safeParse(json)
    if (!parsed.success) {
      const id = (json as { id?: unknown } | null)?.id
      return this.error(
        typeof id === 'string' ? id : null,
        'STREAM.BAD_MESSAGE',
        issueMessage(parsed.error),
      )
    }
    await this.handle(parsed.data)
  }

  private async handle(message: Parsed) {
    switch (message.type) {
      case 'heartbeat':
        return this.ack(message.id)
      case 'auth':
        return this.authenticate(message.token, message.id)
      case 'subscribe':
        return this.subscribe(refsOf(message), new Map(), message.id)
      case 'unsubscribe':
        for (const ref of refsOf(message)) this.leave(ref.name)
        return this.ack(message.id)
      case 'resume': {
        const refs = [
          ...message.markets.map((m) => ({ ...marketRef(m.market_id), seq: m.seq })),
          ...message.fancies.map((f) => ({ ...fancyRef(f.match_id), seq: f.seq })),
          ...message.ladders.map((l) => ({ ...ladderRef(l.market_id), seq: l.seq })),
        ]
        return this.subscribe(refs, new Map(refs.map((r) => [r.name, r.seq])), message.id)
      }
    }
  }

  private async authenticate(token: string, id: string | undefined) {
    const verified = await this.server.opts.calls.verifyToken(token)
    const refused = verified.ok
      ? await this.server.opts.calls.checkSession(verified.value)
      : verified
    if (this.closed) return
    if (refused) return this.error(id, 'STREAM.AUTH_FAILED', refused.msg)
    if (!verified.ok) return
    const { userId, expiresAt } = verified.value
    const channel = userChannel(userId)
    const hub = this.server.opts.hub
    if (this.user && this.user.channel !== channel) hub.unsubscribe(this.user.channel, this)
    this.user = { userId, expiresAt, channel }
    hub.subscribe(channel, this)
    this.ack(id)
  }

  /** Joins each channel: replay after `resumeFrom` when the hub still holds it, else an image. */
  private async subscribe(
    refs: readonly ChannelRef[],
    resumeFrom: ReadonlyMap<string, number>,
    id: string | undefined,
  ) {
    const fresh = refs.filter(
      (r, i) => !this.channels.has(r.name) && refs.findIndex((o) => o.name === r.name) === i,
    )
    if (this.channels.size + fresh.length > STREAM_MAX_CHANNELS) {
      return this.error(
        id,
        'STREAM.TOO_MANY_CHANNELS',
        `At most ${STREAM_MAX_CHANNELS} markets, ladders and matches per connection.`,
      )
    }
    for (const ref of fresh) this.channels.set(ref.name, ref)
    const resumed = refs.filter((r) => resumeFrom.has(r.name) && !fresh.includes(r))
    await Promise.all([
      ...fresh.map((ref) => this.join(ref, resumeFrom.get(ref.name))),
      // Already followed: a resume of a live channel only replays what the client says it missed.
      ...resumed.map(async (ref) => this.replayOrImage(ref, resumeFrom.get(ref.name))),
    ])
    this.ack(id)
  }

  private async join(ref: ChannelRef, resumeAfter: number | undefined) {
    const sent = await this.replayOrImage(ref, resumeAfter)
    if (!sent) {
      this.channels.delete(ref.name)
      return
    }
    if (this.closed || !this.channels.has(ref.name)) return
    this.server.opts.hub.subscribe(ref.name, this)
    this.joined.add(ref.name)
  }

  /**
   * Sends what the client misses on one channel, then returns with nothing awaited in between
   * so the caller can subscribe before the next bus message. False when the channel is unknown.
   */
  private async replayOrImage(ref: ChannelRef, resumeAfter: number | undefined): Promise<boolean> {
    const hub = this.server.opts.hub
    hub.open(ref.name)
    if (resumeAfter !== undefined) {
      const frames = hub.framesAfter(ref.name, resumeAfter)
      if (frames) {
        for (const frame of frames) this.deliver(frame)
        return true
      }
    }
    const { seq: imageSeq, image } = await this.server.readImage(ref)
    if (this.closed || !this.channels.has(ref.name)) return true
    if (!image) {
      this.error(
        null,
        'STREAM.UNKNOWN_MARKET',
        ref.kind === 'fancy' ? `No such match: ${ref.id}` : `No such market: ${ref.id}`,
      )
      return false
    }
    this.send({ ...image, seq: imageSeq } as ServerMessage)
    // Changes published while the image was read are sent again: each replaces state whole, so
    // one the image already holds does no harm, and one it missed is not lost.
    for (const frame of hub.framesAfter(ref.name, imageSeq) ?? []) this.deliver(frame)
    return true
  }

  private leave(name: string) {
    this.channels.delete(name)
    if (this.joined.delete(name)) this.server.opts.hub.unsubscribe(name, this)
  }
}

const marketRef = (id: string): ChannelRef => ({ name: marketChannel(id), id, kind: 'market' })
const fancyRef = (id: string): ChannelRef => ({ name: fancyChannel(id), id, kind: 'fancy' })
const ladderRef = (id: string): ChannelRef => ({ name: ladderChannel(id), id, kind: 'ladder' })
const refsOf = (m: {
  market_ids: string[]
  fancy_match_ids: string[]
  ladder_market_ids: string[]
}) => [
  ...m.market_ids.map(marketRef),
  ...m.fancy_match_ids.map(fancyRef),
  ...m.ladder_market_ids.map(ladderRef),
]
