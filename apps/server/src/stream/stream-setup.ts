import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../clock'
import { ChannelHub, type ChannelHubOptions } from './channel-hub'
import { StreamServer } from './stream-server'
import type { StreamCalls } from './worker-protocol'

/** Frames kept per channel for resume: a few seconds of a busy in-play market. */
const REPLAY_FRAMES = 128
/** A channel nobody follows keeps its count and replay this long, so a dropped client can resume. */
const KEEP_IDLE_CHANNEL_MS = 60_000

/**
 * Options of the `ws` server that accepts stream connections. Client messages are small commands;
 * anything bigger is refused by the socket (close 1009). No permessage-deflate: the stream writes
 * ready-made uncompressed frames itself.
 */
export const SOCKET_OPTIONS = { maxPayload: 16 * 1024, perMessageDeflate: false } as const

export interface StreamSetup {
  bus: ChannelHubOptions['bus']
  calls: StreamCalls
  clock: Clock
  log: FastifyBaseLogger
  heartbeatMs: number
  maxBufferedBytes: number
}

/**
 * The stream of one process (the server's own, or a stream worker's): its channel hub and
 * connections, with the heartbeat running. `close` says goodbye to every client.
 */
export function startStream(setup: StreamSetup) {
  const hub = new ChannelHub({
    bus: setup.bus,
    log: setup.log,
    replaySize: REPLAY_FRAMES,
    keepMs: KEEP_IDLE_CHANNEL_MS,
  })
  const server = new StreamServer({ ...setup, hub })
  const heartbeat = setInterval(() => server.tick(), setup.heartbeatMs)
  heartbeat.unref()
  return {
    server,
    close() {
      clearInterval(heartbeat)
      server.closeAll(1001, 'Server shutting down')
      hub.close()
    },
  }
}
