import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { inProcessBus, type MessageBus } from '../stream/message-bus'
import { redisBus } from '../stream/redis-bus'

declare module 'fastify' {
  interface FastifyInstance {
    bus: MessageBus
  }
}

/**
 * The channel bus every producer publishes to and the stream reads from: in-process for one
 * instance, over Redis (REDIS_URL) when several instances share the stream.
 */
export const messageBusPlugin = fp(
  async (app: FastifyInstance) => {
    const bus = app.config.REDIS_URL
      ? await redisBus(app.config.REDIS_URL, app.log)
      : inProcessBus()
    app.decorate('bus', bus)
    app.addHook('onClose', async () => {
      await bus.close()
    })
  },
  { name: 'message-bus', dependencies: ['app-context'] },
)
