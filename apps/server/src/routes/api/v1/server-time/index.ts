import { serverTimeResponse } from '@backlay/contract/server-time'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

const serverTimeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { response: { 200: serverTimeResponse } } }, async () => {
    const now = app.clock.now()
    return {
      status: true as const,
      data: { serverTime: new Date(now).toISOString(), epochMs: now },
    }
  })
}
export default serverTimeRoutes
