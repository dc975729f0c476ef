import type { FastifyInstance, HTTPMethods } from 'fastify'
import fp from 'fastify-plugin'

export interface CatalogRoute {
  method: HTTPMethods
  url: string
  /** The route's input schemas (zod), as the OpenAPI document shows them. */
  schema?: { body?: unknown; querystring?: unknown; params?: unknown }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after this plugin, e.g. for the fuzz tests over all calls. */
    routeCatalog: readonly CatalogRoute[]
  }
}

export const routeCatalogPlugin = fp(
  async (app: FastifyInstance) => {
    const routes: CatalogRoute[] = []
    app.decorate('routeCatalog', routes)
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method]
      const { body, querystring, params } = route.schema ?? {}
      for (const method of methods)
        routes.push({ method, url: route.url, schema: { body, querystring, params } })
    })
  },
  { name: 'route-catalog' },
)
