import { EventEmitter } from 'node:events'

export type BusHandler = (message: unknown) => void

/**
 * Fan-out of stream messages by channel (`market:<id>`, `fancy:<matchId>`, `user:<id>`).
 * Producers (the market books, the ledger) publish; the WebSocket stream subscribes. The
 * in-process bus serves one process; the NATS bus of a cluster (cluster/nats-bus.ts) spans them.
 */
export interface MessageBus {
  publish(channel: string, message: unknown): void
  subscribe(channel: string, handler: BusHandler): () => void
  close(): Promise<void>
}

export function inProcessBus(): MessageBus {
  const emitter = new EventEmitter()
  // One listener per subscribed channel per connection: thousands are normal, not a leak.
  emitter.setMaxListeners(0)
  return {
    publish: (channel, message) => {
      emitter.emit(channel, message)
    },
    subscribe: (channel, handler) => {
      emitter.on(channel, handler)
      return () => emitter.off(channel, handler)
    },
    close: async () => {
      emitter.removeAllListeners()
    },
  }
}
