import { promotionsResponse } from '@backlay/contract/brand'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sendFailure } from '../../../../http/failure-status'
import { requestBrand } from '../../../../http/request-brand'
import { socialsOf } from '../../../../use-cases/brand-config'

/** GET /promotions: the brand's running promotions (`result`) and the footer's socials. */
const promotionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { response: { 200: promotionsResponse } } }, async (request, reply) => {
    const brand = await requestBrand(request)
    if (!brand.ok) return sendFailure(reply, brand)
    const rows = await app.db
      .selectFrom('promotions')
      .selectAll()
      .where('brand_id', '=', brand.value.id)
      .where('active', '=', true)
      .where((eb) =>
        eb.or([eb('valid_until', 'is', null), eb('valid_until', '>', new Date(app.clock.now()))]),
      )
      .orderBy('sort_order')
      .orderBy('id')
      .execute()
    return {
      status: true as const,
      result: rows.map((p) => ({
        id: p.id,
        code: p.code,
        title: p.title,
        description: p.description,
        details: p.details,
        image: p.image,
        validUntil: p.valid_until ? p.valid_until.toISOString() : null,
      })),
      socials: socialsOf(brand.value),
    }
  })
}
export default promotionsRoutes
