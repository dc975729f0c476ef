import { appConfigResponse } from '@backlay/contract/brand'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sendFailure } from '../../../../http/failure-status'
import { requestBrand } from '../../../../http/request-brand'
import { appConfigFor } from '../../../../use-cases/brand-config'

/** GET app-config (path not shown in the spec, ours): the brand's §3 application configuration. */
const appConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { response: { 200: appConfigResponse } } }, async (request, reply) => {
    const brand = await requestBrand(request)
    if (!brand.ok) return sendFailure(reply, brand)
    return appConfigFor(brand.value, request.host)
  })
}
export default appConfigRoutes
