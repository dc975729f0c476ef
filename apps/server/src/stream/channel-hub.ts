import type { FastifyBaseLogger } from 'fastify'
import type { MessageBus } from './message-bus'
import { textFrame } from './text-frame'

/** Something that receives a channel's ready-made WebSocket frames (a connection). */
export interface ChannelSubscriber {
  /** `frame` is a whole WebSocket text frame (see `textFrame`), shared by every subscriber. */
  deliver(frame: Buffer): void
}

interface Frame {
  seq: number
  frame: Buffer
}

/** Private channels carry no seq and keep no replay: a client refetches over HTTP after a drop. */
export const isSequenced = (channel: string) => !channel.startsWith('user:')

class Channel {
  readonly subscribers = new Set<ChannelSubscriber>()
  /** Last `replaySize` frames, oldest first, for resume. */
  readonly replay: Frame[] = []
  /** When the last subscriber left (ms, monotonic), or null while someone listens. */
  idleSince: number | null = null
  unsubscribe: () => void = () => undefined

  constructor(
    readonly name: string,
    /** seq of the newest message; see `ChannelHub.startSeq` for where it starts. */
    public seq: number,
  ) {}
}

export interface ChannelHubOptions {
  bus: Pick<MessageBus, 'subscribe'>
  log: FastifyBaseLogger
  /** Frames kept per channel for resume. */
  replaySize: number
  /** How long a channel without subscribers keeps its seq and replay, so a dropped client can resume. */
  keepMs: number
  monotonicNow?: () => number
}

/**
 * One bus subscription per channel for the whole process, however many connections follow it.
 * Each message is numbered, serialised and framed once per channel, and the same frame goes to
 * every subscriber. Producers may send their own `seq`; the hub overwrites it, because several
 * producers (books, feed, operators) share a channel and clients need one gap-free count.
 *
 * A channel's count starts at a random point so a seq from another instance or an earlier run
 * almost never falls inside this one's replay window: such a resume gets a fresh image instead
 * of the wrong messages.
 */
export class ChannelHub {
  private readonly channels = new Map<string, Channel>()
  private readonly now: () => number

  constructor(private readonly opts: ChannelHubOptions) {
    this.now = opts.monotonicNow ?? (() => performance.now())
  }

  /** Makes sure the channel is live on the bus (its messages are numbered and kept) and returns its current seq. */
  open(name: string): number {
    return this.channelOf(name).seq
  }

  subscribe(name: string, subscriber: ChannelSubscriber) {
    const channel = this.channelOf(name)
    channel.subscribers.add(subscriber)
    channel.idleSince = null
  }

  unsubscribe(name: string, subscriber: ChannelSubscriber) {
    const channel = this.channels.get(name)
    if (!channel) return
    channel.subscribers.delete(subscriber)
    if (channel.subscribers.size === 0) channel.idleSince = this.now()
  }

  /**
   * Frames after `seq`, or null when they are no longer all held (too old, or from another
   * count): the caller sends an image instead.
   */
  framesAfter(name: string, seq: number): Buffer[] | null {
    const channel = this.channels.get(name)
    if (!channel || seq > channel.seq) return null
    if (seq === channel.seq) return []
    const oldest = channel.replay[0]?.seq
    if (oldest === undefined || oldest > seq + 1) return null
    return channel.replay.filter((f) => f.seq > seq).map((f) => f.frame)
  }

  /** Drops channels nobody has followed for `keepMs`. */
  sweep() {
    const cutoff = this.now() - this.opts.keepMs
    for (const channel of this.channels.values()) {
      if (channel.idleSince !== null && channel.idleSince <= cutoff) this.drop(channel)
    }
  }

  close() {
    for (const channel of [...this.channels.values()]) this.drop(channel)
  }

  get channelCount() {
    return this.channels.size
  }

  private drop(channel: Channel) {
    channel.unsubscribe()
    this.channels.delete(channel.name)
  }

  private channelOf(name: string): Channel {
    const existing = this.channels.get(name)
    if (existing) return existing
    const channel = new Channel(name, startSeq())
    channel.idleSince = this.now()
    this.channels.set(name, channel)
    channel.unsubscribe = this.opts.bus.subscribe(name, (message) => this.publish(channel, message))
    return channel
  }

  private publish(channel: Channel, message: unknown) {
    if (typeof message !== 'object' || message === null || !('type' in message)) {
      this.opts.log.error({ channel: channel.name }, 'stream: dropped a bus message without a type')
      return
    }
    let frame: Buffer
    if (isSequenced(channel.name)) {
      channel.seq += 1
      frame = textFrame({ ...message, seq: channel.seq })
      channel.replay.push({ seq: channel.seq, frame })
      if (channel.replay.length > this.opts.replaySize) channel.replay.shift()
    } else {
      frame = textFrame(message)
    }
    for (const subscriber of channel.subscribers) subscriber.deliver(frame)
  }
}

/** A random start below 2^40: far from any other count, and far below Number.MAX_SAFE_INTEGER. */
const startSeq = () => Math.floor(Math.random() * 2 ** 40)
