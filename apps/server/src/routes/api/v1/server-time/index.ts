import { serverTimeResponse } from '@backlay/contract/server-time'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

export const serverTimeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/server-time', { schema: { response: { 200: serverTimeResponse } } }, async () => {
    const now = app.clock.now()
    return {
      status: true as const,
      data: { serverTime: new Date(now).toISOString(), epochMs: now },
    }
  })
}
