import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { natsBus } from '../cluster/nats-bus'
import { type NatsLink, openNatsLink } from '../cluster/nats-link'
import { inProcessBus, type MessageBus } from '../stream/message-bus'

declare module 'fastify' {
  interface FastifyInstance {
    bus: MessageBus
    /** The cluster's NATS link (NATS_URL), or null when this process is the whole exchange. */
    nats: NatsLink | null
  }
}

/**
 * The channel bus every producer publishes to and the stream reads from: in-process for one
 * process; over NATS (NATS_URL) for a cluster, whose nodes also route each market's calls to its
 * owner over the same connection (cluster/).
 */
export const messageBusPlugin = fp(
  async (app: FastifyInstance) => {
    const { NATS_URL } = app.config
    const nats = NATS_URL ? await openNatsLink(NATS_URL, app.db) : null
    const bus = nats ? natsBus(nats, app.log) : inProcessBus()
    app.decorate('bus', bus)
    app.decorate('nats', nats)
    app.addHook('onClose', async () => {
      await bus.close()
      await nats?.nc.drain()
    })
  },
  { name: 'message-bus', dependencies: ['app-context', 'database'] },
)
