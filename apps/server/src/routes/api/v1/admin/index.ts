import {
  adminLoginRequest,
  adminLoginResponse,
  adminMeResponse,
  auditQuery,
  auditResponse,
} from '@backlay/contract/admin'
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import { listAudit } from '../../../../admin/audit'
import { actorOf, operatorGuards } from '../../../../admin/guard'
import { operatorLogin } from '../../../../admin/operator-login'
import { sendFailure } from '../../../../http/failure-status'
import { alertRoutes } from './alerts'
import { brandRoutes } from './brands'
import { feedRoutes } from './feed'
import { marketRoutes } from './markets'
import { paymentRoutes } from './payments'
import { playerRoutes } from './players'
import { reportRoutes } from './reports'

/**
 * The operator API (contract admin.ts). Every call but login runs behind `requireOperator`:
 * a hook on this whole scope, so a route added later cannot be left open by mistake.
 */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const guards = operatorGuards(app)

  app.post(
    '/login',
    { schema: { body: adminLoginRequest, response: { 200: adminLoginResponse } } },
    async (request, reply) => {
      const result = await operatorLogin(
        { db: app.db, tokens: app.tokens },
        request.body.userName,
        request.body.password,
      )
      if (!result.ok) return sendFailure(reply, result)
      return { status: true as const, data: result.value }
    },
  )

  await app.register(async (scope) => {
    const guarded = scope.withTypeProvider<ZodTypeProvider>()
    guarded.addHook('onRequest', guards.requireOperator)

    guarded.get('/me', { schema: { response: { 200: adminMeResponse } } }, async (request) => ({
      status: true as const,
      data: actorOf(request),
    }))

    guarded.get(
      '/audit',
      { schema: { querystring: auditQuery, response: { 200: auditResponse } } },
      async (request) => {
        const actor = actorOf(request)
        return {
          status: true as const,
          data: await listAudit(app.db, {
            ...request.query,
            visibleTo: actor.role === 'agent' ? { agentId: actor.id } : undefined,
          }),
        }
      },
    )

    await guarded.register(marketRoutes, { guards })
    await guarded.register(playerRoutes, { guards })
    await guarded.register(brandRoutes, { guards })
    await guarded.register(paymentRoutes)
    await guarded.register(reportRoutes)
    await guarded.register(alertRoutes, { guards })
    await guarded.register(feedRoutes, { guards })
  })
}
export default adminRoutes
