import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'
import type { BusHandler, MessageBus } from './message-bus'

/** Keeps our channels apart from anything else on the same Redis. */
const PREFIX = 'backlay:'

/**
 * The bus over Redis pub/sub, so every server instance's stream sees every producer's messages.
 * One subscriber connection per process holds one Redis subscription per channel that a local
 * handler follows; each message is parsed once and handed to all of them. A publish also comes
 * back to its own instance through Redis, never directly, so every instance sees one order.
 */
export async function redisBus(url: string, log: FastifyBaseLogger): Promise<MessageBus> {
  const publisher = new Redis(url, { lazyConnect: true })
  const subscriber = publisher.duplicate()
  for (const [role, client] of [
    ['publisher', publisher],
    ['subscriber', subscriber],
  ] as const) {
    client.on('error', (err) => log.error({ err, role }, 'redis bus connection error'))
  }
  await Promise.all([publisher.connect(), subscriber.connect()])

  const handlers = new Map<string, Set<BusHandler>>()
  subscriber.on('message', (redisChannel: string, text: string) => {
    const local = handlers.get(redisChannel.slice(PREFIX.length))
    if (!local) return
    let message: unknown
    try {
      message = JSON.parse(text)
    } catch (err) {
      log.error({ err, channel: redisChannel }, 'redis bus: dropped a message that is not JSON')
      return
    }
    for (const handler of local) handler(message)
  })

  return {
    publish(channel, message) {
      publisher
        .publish(PREFIX + channel, JSON.stringify(message))
        .catch((err) => log.error({ err, channel }, 'redis bus: publish failed'))
    },
    subscribe(channel, handler) {
      let local = handlers.get(channel)
      if (!local) {
        local = new Set()
        handlers.set(channel, local)
        subscriber
          .subscribe(PREFIX + channel)
          .catch((err) => log.error({ err, channel }, 'redis bus: subscribe failed'))
      }
      local.add(handler)
      const mine = local
      return () => {
        mine.delete(handler)
        if (mine.size > 0 || handlers.get(channel) !== mine) return
        handlers.delete(channel)
        subscriber
          .unsubscribe(PREFIX + channel)
          .catch((err) => log.error({ err, channel }, 'redis bus: unsubscribe failed'))
      }
    },
    async close() {
      handlers.clear()
      await Promise.allSettled([publisher.quit(), subscriber.quit()])
    },
  }
}
