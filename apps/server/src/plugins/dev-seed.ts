import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { seedDevData } from '../seed/seed-dev-data'

/** Outside production, makes sure the development brand, operator and funded players exist. */
export const devSeedPlugin = fp(
  async (app: FastifyInstance) => {
    if (app.config.NODE_ENV === 'production') return
    await seedDevData(app.db, app.log)
  },
  { name: 'dev-seed', dependencies: ['app-context', 'database'] },
)
