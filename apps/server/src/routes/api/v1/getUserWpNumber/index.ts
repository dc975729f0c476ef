import { siteUrlRequest, supportInfoResponse } from '@backlay/contract/brand'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { brandsRepository } from '../../../../db/repositories/brands'
import { sendFailure } from '../../../../http/failure-status'
import { supportInfoOf } from '../../../../use-cases/brand-config'

/** POST getUserWpNumber `{ siteurl }` (logged in): support contacts of the user's own brand. */
const getUserWpNumberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      preHandler: app.requireUser,
      schema: { body: siteUrlRequest, response: { 200: supportInfoResponse } },
    },
    async (request, reply) => {
      const brand = request.user
        ? await brandsRepository(app.db).byId(request.user.brandId)
        : undefined
      if (!brand)
        return sendFailure(reply, {
          code: 'BRAND.NOT_FOUND',
          msg: 'This site is not configured yet.',
        })
      return { status: true as const, data: supportInfoOf(brand) }
    },
  )
}
export default getUserWpNumberRoutes
