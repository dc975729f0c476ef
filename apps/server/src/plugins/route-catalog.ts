import type { FastifyInstance, HTTPMethods } from 'fastify'
import fp from 'fastify-plugin'

export interface CatalogRoute {
  method: HTTPMethods
  url: string
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after this plugin, e.g. for the malformed-body test over all calls. */
    routeCatalog: readonly CatalogRoute[]
  }
}

export const routeCatalogPlugin = fp(
  async (app: FastifyInstance) => {
    const routes: CatalogRoute[] = []
    app.decorate('routeCatalog', routes)
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method]
      for (const method of methods) routes.push({ method, url: route.url })
    })
  },
  { name: 'route-catalog' },
)
