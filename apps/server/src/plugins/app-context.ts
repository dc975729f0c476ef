import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Clock } from '../clock'
import type { Config } from '../config'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    clock: Clock
  }
}

/** Makes the validated config and the injected clock available to every plugin and route. */
export const appContextPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config; clock: Clock }) => {
    app.decorate('config', opts.config)
    app.decorate('clock', opts.clock)
  },
  { name: 'app-context' },
)
