import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { FeedService } from '../feed/feed-service'
import { createPrng } from '../feed/prng'
import { SimulatorAdapter } from '../feed/simulator/simulator'

declare module 'fastify' {
  interface FastifyInstance {
    /** Null when FEED=off. */
    feed: FeedService | null
  }
}

/**
 * Starts the market feed after the database: the first snapshot is in the catalogue before the
 * server answers. It stops before the database closes (preClose runs ahead of every onClose).
 */
export const feedPlugin = fp(
  async (app: FastifyInstance) => {
    if (app.config.FEED === 'off') {
      app.decorate('feed', null)
      return
    }
    const adapter = new SimulatorAdapter(
      app.config.FEED_SEED,
      createPrng(`${app.config.FEED_SEED}:walk`),
    )
    const feed = new FeedService(adapter, app.db, app.clock, app.log)
    app.decorate('feed', feed)
    await feed.start(app.config.FEED_TICK_MS)
    app.addHook('preClose', async () => {
      await feed.stop()
    })
  },
  { name: 'feed', dependencies: ['app-context', 'database'] },
)
