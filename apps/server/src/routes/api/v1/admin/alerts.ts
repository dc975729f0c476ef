import { idParams } from '@backlay/contract/admin'
import {
  alertFiringsResponse,
  alertRuleResponse,
  alertRulesResponse,
  createAlertRule,
  updateAlertRule,
} from '@backlay/contract/admin-reports'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { actorOf, type operatorGuards } from '../../../../admin/guard'
import { sendFailure } from '../../../../http/failure-status'

type Guards = ReturnType<typeof operatorGuards>

/** Operator alerts: the rules (admins set them up) and what holds now, for the banner. */
export const alertRoutes: FastifyPluginAsyncZod<{ guards: Guards }> = async (app, { guards }) => {
  const adminOnly = { onRequest: guards.requireAdmin }

  app.get(
    '/alerts',
    { ...adminOnly, schema: { response: { 200: alertRulesResponse } } },
    async () => ({ status: true as const, data: await app.alerts.rules() }),
  )

  app.post(
    '/alerts',
    { ...adminOnly, schema: { body: createAlertRule, response: { 200: alertRuleResponse } } },
    async (request, reply) => {
      const created = await app.alerts.create(actorOf(request), request.body)
      if (!created.ok) return sendFailure(reply, created)
      return { status: true as const, data: created.value }
    },
  )

  app.patch(
    '/alerts/:id',
    {
      ...adminOnly,
      schema: { params: idParams, body: updateAlertRule, response: { 200: alertRuleResponse } },
    },
    async (request, reply) => {
      const updated = await app.alerts.setActive(
        actorOf(request),
        request.params.id,
        request.body.active,
      )
      if (!updated.ok) return sendFailure(reply, updated)
      return { status: true as const, data: updated.value }
    },
  )

  app.get(
    '/alerts/firing',
    { ...adminOnly, schema: { response: { 200: alertFiringsResponse } } },
    async () => ({ status: true as const, data: await app.alerts.firing() }),
  )
}
