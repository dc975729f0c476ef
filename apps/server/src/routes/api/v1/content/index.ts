import { logoRequest, logoResponse } from '@backlay/contract/brand'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sendFailure } from '../../../../http/failure-status'
import { requestBrand } from '../../../../http/request-brand'
import { logoOf } from '../../../../use-cases/brand-config'

/** POST /content/getLogo (empty body) → data.description (the logo URL) and self_host. */
const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/getLogo',
    { schema: { body: logoRequest.nullish(), response: { 200: logoResponse } } },
    async (request, reply) => {
      const brand = await requestBrand(request)
      if (!brand.ok) return sendFailure(reply, brand)
      const logo = logoOf(brand.value, request.host)
      return {
        status: true as const,
        data: { description: logo.description },
        self_host: logo.self_host,
      }
    },
  )
}
export default contentRoutes
