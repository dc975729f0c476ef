import { liveResponse, type ReadyResponse, readyResponse } from '@backlay/contract/health'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { Migrator, sql } from 'kysely'
import { folderProvider } from '../db/migrate'

/** How long the store may take to answer a readiness probe before it counts as down. */
const STORE_TIMEOUT_MS = 2_000

const within = <T>(ms: number, work: Promise<T>) =>
  Promise.race([
    work,
    new Promise<never>((_, reject) => {
      setTimeout(() => reject(new Error('timed out')), ms).unref()
    }),
  ])

/**
 * Probes for a load balancer or an orchestrator: /health/live answers while the process does;
 * /health/ready only while the store answers, every migration is applied and a ticking feed
 * is fresh (FEED_STALE_SECONDS).
 */
export const healthPlugin = fp(
  async (app: FastifyInstance) => {
    const readiness = async (): Promise<ReadyResponse> => {
      const store = await within(STORE_TIMEOUT_MS, sql`select 1`.execute(app.db)).then(
        () => 'ok' as const,
        () => 'down' as const,
      )
      const migrations =
        store === 'down'
          ? ('unknown' as const)
          : await within(
              STORE_TIMEOUT_MS,
              new Migrator({ db: app.db, provider: folderProvider }).getMigrations(),
            ).then(
              (all) =>
                all.every((m) => m.executedAt) ? ('applied' as const) : ('pending' as const),
              () => 'unknown' as const,
            )
      const silence = app.feed?.silenceSeconds() ?? null
      const fresh =
        silence === null
          ? ('off' as const)
          : silence <= app.config.FEED_STALE_SECONDS
            ? ('fresh' as const)
            : ('stale' as const)
      const replay = app.feed?.replayReport()
      return {
        ready: store === 'ok' && migrations === 'applied' && fresh !== 'stale',
        checks: { store, migrations, feed: fresh },
        ...(replay ? { replay } : {}),
      }
    }

    app.get('/health/live', { schema: { response: { 200: liveResponse } } }, async () => ({
      status: 'ok' as const,
    }))
    app.get(
      '/health/ready',
      { schema: { response: { 200: readyResponse, 503: readyResponse } } },
      async (_request, reply) => {
        const answer = await readiness()
        return reply.code(answer.ready ? 200 : 503).send(answer)
      },
    )
  },
  { name: 'health', dependencies: ['app-context', 'database', 'feed'] },
)
