import { siteUrlRequest, supportInfoResponse } from '@backlay/contract/brand'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sendFailure } from '../../../../http/failure-status'
import { siteUrlBrand } from '../../../../http/request-brand'
import { supportInfoOf } from '../../../../use-cases/brand-config'

/** POST getWpNumber `{ siteurl }` (guests): the brand's support contacts. */
const getWpNumberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    { schema: { body: siteUrlRequest, response: { 200: supportInfoResponse } } },
    async (request, reply) => {
      const site = await siteUrlBrand(request, request.body.siteurl)
      if (!site.ok) return sendFailure(reply, site)
      return { status: true as const, data: supportInfoOf(site.value.brand) }
    },
  )
}
export default getWpNumberRoutes
