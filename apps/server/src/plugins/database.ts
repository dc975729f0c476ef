import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Kysely, LogEvent } from 'kysely'
import { claimExchange } from '../cluster/exchange-claim'
import { connectDatabase, type DatabaseTarget } from '../db/connect'
import { migrateToLatest } from '../db/migrate'
import { OwnWrites } from '../db/own-writes'
import type { Database } from '../db/schema'

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>
    /**
     * The store's changes as this process makes them, when it is the store's only writer (PGlite,
     * or PostgreSQL without a cluster); undefined on a cluster node, whose peers write too.
     */
    ownWrites: OwnWrites | undefined
  }
}

/**
 * Claims the store for this exchange (cluster/exchange-claim.ts), opens it, applies pending
 * migrations before any route can run, and closes it last.
 */
export const databasePlugin = fp(
  async (
    app: FastifyInstance,
    opts: { target: DatabaseTarget; queryLog?: (event: LogEvent) => void },
  ) => {
    // PGlite is this process's own; a PostgreSQL database is one exchange however many use it.
    const clustered = opts.target.kind === 'postgres' && Boolean(app.config.NATS_URL)
    const claim =
      opts.target.kind === 'postgres'
        ? await claimExchange(opts.target.url, clustered ? 'cluster' : 'alone')
        : null
    const ownWrites = clustered ? undefined : new OwnWrites()
    const { queryLog } = opts
    const db = await connectDatabase(
      opts.target,
      ownWrites || queryLog
        ? (event) => {
            ownWrites?.observe(event)
            queryLog?.(event)
          }
        : undefined,
    )
    const applied = await migrateToLatest(db).catch(async (error: unknown) => {
      await db.destroy()
      await claim?.release()
      throw error
    })
    app.log.info({ store: opts.target.kind, applied }, 'database ready')
    app.decorate('db', db)
    app.decorate('ownWrites', ownWrites)
    app.addHook('onClose', async () => {
      await db.destroy()
      await claim?.release()
    })
  },
  { name: 'database', dependencies: ['app-context'] },
)
