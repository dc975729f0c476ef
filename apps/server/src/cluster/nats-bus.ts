import type { Subscription } from '@nats-io/transport-node'
import type { FastifyBaseLogger } from 'fastify'
import type { BusHandler, MessageBus } from '../stream/message-bus'
import type { NatsLink } from './nats-link'

/** A channel name (`market:1.23`) as one NATS subject token, which may hold no dots. */
const tokenOf = (channel: string) => Buffer.from(channel).toString('base64url')

/**
 * The stream's bus over NATS, for a cluster: every process's stream clients get every producer's
 * messages, each publisher's in the order it sent them. One NATS subscription per channel that a
 * local handler follows; each message is parsed once and handed to all of them. A publish comes
 * back to its own process through NATS, never directly, so every process sees one order.
 */
export function natsBus({ nc, prefix }: NatsLink, log: FastifyBaseLogger): MessageBus {
  const subjectOf = (channel: string) => `${prefix}.bus.${tokenOf(channel)}`
  const channels = new Map<string, { handlers: Set<BusHandler>; subscription: Subscription }>()
  return {
    publish(channel, message) {
      nc.publish(subjectOf(channel), JSON.stringify(message))
    },
    subscribe(channel, handler) {
      let local = channels.get(channel)
      if (!local) {
        const handlers = new Set<BusHandler>()
        const subscription = nc.subscribe(subjectOf(channel), {
          callback: (err, msg) => {
            if (err) {
              log.error({ err, channel }, 'nats bus: subscription failed')
              return
            }
            let message: unknown
            try {
              message = msg.json()
            } catch (error) {
              log.error({ err: error, channel }, 'nats bus: dropped a message that is not JSON')
              return
            }
            for (const h of handlers) h(message)
          },
        })
        local = { handlers, subscription }
        channels.set(channel, local)
      }
      local.handlers.add(handler)
      const mine = local
      return () => {
        mine.handlers.delete(handler)
        if (mine.handlers.size > 0 || channels.get(channel) !== mine) return
        channels.delete(channel)
        mine.subscription.unsubscribe()
      }
    },
    async close() {
      for (const { subscription } of channels.values()) subscription.unsubscribe()
      channels.clear()
    },
  }
}
