import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Kysely, LogConfig } from 'kysely'
import { connectDatabase, type DatabaseTarget } from '../db/connect'
import { migrateToLatest } from '../db/migrate'
import type { Database } from '../db/schema'

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>
  }
}

/** Opens the store, applies pending migrations before any route can run, and closes it last. */
export const databasePlugin = fp(
  async (app: FastifyInstance, opts: { target: DatabaseTarget; queryLog?: LogConfig }) => {
    const db = await connectDatabase(opts.target, opts.queryLog)
    const applied = await migrateToLatest(db)
    app.log.info({ store: opts.target.kind, applied }, 'database ready')
    app.decorate('db', db)
    app.addHook('onClose', async () => {
      await db.destroy()
    })
  },
  { name: 'database' },
)
