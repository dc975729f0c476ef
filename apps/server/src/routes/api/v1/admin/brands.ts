import {
  brandResponse,
  brandsResponse,
  idParams,
  updateBrandRequest,
} from '@backlay/contract/admin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { brandsAdmin } from '../../../../admin/brands'
import { actorOf, type operatorGuards } from '../../../../admin/guard'
import { sendFailure } from '../../../../http/failure-status'

type Guards = ReturnType<typeof operatorGuards>

/** Brands: admins only (a brand is shared by every agent on it). */
export const brandRoutes: FastifyPluginAsyncZod<{ guards: Guards }> = async (app, { guards }) => {
  const brands = brandsAdmin(app.db)
  const adminOnly = { onRequest: guards.requireAdmin }

  app.get('/brands', { ...adminOnly, schema: { response: { 200: brandsResponse } } }, async () => ({
    status: true as const,
    data: await brands.list(),
  }))

  app.get(
    '/brands/:id',
    { ...adminOnly, schema: { params: idParams, response: { 200: brandResponse } } },
    async (request, reply) => {
      const brand = await brands.get(request.params.id)
      if (!brand) return sendFailure(reply, { code: 'BRAND.NOT_FOUND', msg: 'No such brand.' })
      return { status: true as const, data: brand }
    },
  )

  app.put(
    '/brands/:id',
    {
      ...adminOnly,
      schema: { params: idParams, body: updateBrandRequest, response: { 200: brandResponse } },
    },
    async (request, reply) => {
      const saved = await brands.update(actorOf(request), request.params.id, request.body)
      if (!saved.ok) return sendFailure(reply, saved)
      return { status: true as const, data: saved.value }
    },
  )
}
