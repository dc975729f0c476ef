import { readFile } from 'node:fs/promises'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { PerSport } from '../config'
import { BetfairReplayAdapter } from '../feed/betfair/replay-adapter'
import { certLoginSession, fixedSession } from '../feed/betfair/session-token'
import { BetfairStreamAdapter } from '../feed/betfair/stream-adapter'
import type { FeedAdapter } from '../feed/feed-adapter'
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
    const adapter = await feedAdapterOf(app)
    const feed = new FeedService(adapter, app.db, app.clock, app.log)
    app.decorate('feed', feed)
    await feed.start(app.config.FEED_TICK_MS)
    app.addHook('preClose', async () => {
      await feed.stop()
    })
  },
  { name: 'feed', dependencies: ['app-context', 'database'] },
)

const valueFor = (setting: PerSport, sportId: string) =>
  setting.bySport[sportId] ?? setting.fallback

async function feedAdapterOf(app: FastifyInstance): Promise<FeedAdapter> {
  const c = app.config
  const log = app.log.child({ feed: c.FEED })
  switch (c.FEED) {
    case 'betfair-stream': {
      const ca = c.BETFAIR_CA_FILE ? await readFile(c.BETFAIR_CA_FILE, 'utf8') : undefined
      return new BetfairStreamAdapter(
        {
          host: c.BETFAIR_FEED_STREAM_HOST,
          port: c.BETFAIR_FEED_STREAM_PORT,
          // Checked by the configuration schema: what this feed needs is set.
          appKey: c.BETFAIR_APP_KEY ?? '',
          session: c.BETFAIR_SESSION_TOKEN
            ? fixedSession(c.BETFAIR_SESSION_TOKEN)
            : certLoginSession({
                url: c.BETFAIR_LOGIN_URL,
                appKey: c.BETFAIR_APP_KEY ?? '',
                username: c.BETFAIR_USERNAME ?? '',
                password: c.BETFAIR_PASSWORD ?? '',
                cert: await readFile(c.BETFAIR_CERT_FILE ?? '', 'utf8'),
                key: await readFile(c.BETFAIR_KEY_FILE ?? '', 'utf8'),
                ...(ca ? { ca } : {}),
              }),
          bettingApiUrl: c.BETFAIR_API_URL,
          eventTypeIds: c.BETFAIR_EVENT_TYPE_IDS,
          marketTypes: c.BETFAIR_MARKET_TYPES,
          countryCodes: c.BETFAIR_COUNTRY_CODES,
          conflateMs: c.BETFAIR_CONFLATE_MS,
          heartbeatMs: c.BETFAIR_HEARTBEAT_MS,
          ...(ca ? { ca } : {}),
          reconnectMs: { min: 500, max: 30_000 },
          firstImageTimeoutMs: 10_000,
        },
        log,
      )
    }
    case 'betfair-replay':
      return new BetfairReplayAdapter(
        {
          paths: c.FEED_REPLAY_FILES,
          speed: c.FEED_REPLAY_SPEED,
          shift: c.FEED_REPLAY_SHIFT,
          lastTradedQuotes: (sportId) => ({
            spreadTicks: valueFor(c.FEED_LTP_SPREAD_TICKS, sportId),
            depth: valueFor(c.FEED_LTP_DEPTH, sportId),
            size: valueFor(c.FEED_LTP_SIZE, sportId) * 100,
          }),
        },
        log,
      )
    default:
      return new SimulatorAdapter(c.FEED_SEED, createPrng(`${c.FEED_SEED}:walk`))
  }
}
