import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Kysely, LogConfig } from 'kysely'
import { claimExchange } from '../cluster/exchange-claim'
import { connectDatabase, type DatabaseTarget } from '../db/connect'
import { migrateToLatest } from '../db/migrate'
import type { Database } from '../db/schema'

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>
  }
}

/**
 * Claims the store for this exchange (cluster/exchange-claim.ts), opens it, applies pending
 * migrations before any route can run, and closes it last.
 */
export const databasePlugin = fp(
  async (app: FastifyInstance, opts: { target: DatabaseTarget; queryLog?: LogConfig }) => {
    // PGlite is this process's own; a PostgreSQL database is one exchange however many use it.
    const claim =
      opts.target.kind === 'postgres'
        ? await claimExchange(opts.target.url, app.config.NATS_URL ? 'cluster' : 'alone')
        : null
    const db = await connectDatabase(opts.target, opts.queryLog)
    const applied = await migrateToLatest(db).catch(async (error: unknown) => {
      await db.destroy()
      await claim?.release()
      throw error
    })
    app.log.info({ store: opts.target.kind, applied }, 'database ready')
    app.decorate('db', db)
    app.addHook('onClose', async () => {
      await db.destroy()
      await claim?.release()
    })
  },
  { name: 'database', dependencies: ['app-context'] },
)
