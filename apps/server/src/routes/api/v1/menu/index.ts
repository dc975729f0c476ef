import { menuResponse } from '@backlay/contract/menu'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { buildMenu } from '../../../../use-cases/build-menu'

const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { response: { 200: menuResponse } } }, async () => ({
    status: true as const,
    data: await buildMenu(app.db),
  }))
}
export default menuRoutes
