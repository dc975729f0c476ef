import {
  dashboardQuery,
  dashboardResponse,
  reportParams,
  reportQuery,
  reportResponse,
} from '@backlay/contract/admin-reports'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { actorOf } from '../../../../admin/guard'
import { readDashboard } from '../../../../admin/reporting/dashboard'
import { scopeFor } from '../../../../admin/reporting/report-scope'
import { reportService } from '../../../../admin/reporting/report-service'
import { sendFailure } from '../../../../http/failure-status'

/** The dashboard and the reports, each as a table page or the whole of it as CSV. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const reports = reportService(app.db, () => app.clock.now())

  app.get(
    '/dashboard',
    { schema: { querystring: dashboardQuery, response: { 200: dashboardResponse } } },
    async (request) => {
      const actor = actorOf(request)
      const brands = await app.db
        .selectFrom('brands')
        .select(['id', 'name'])
        .$if(actor.role === 'agent', (q) =>
          q.where('id', 'in', (sub) =>
            sub.selectFrom('users').select('brand_id').where('id', '=', actor.id),
          ),
        )
        .orderBy('name')
        .execute()
      return {
        status: true as const,
        data: await readDashboard(app.db, scopeFor(actor, request.query), app.clock.now(), brands),
      }
    },
  )

  app.get(
    '/reports/:kind',
    {
      schema: { params: reportParams, querystring: reportQuery, response: { 200: reportResponse } },
    },
    async (request, reply) => {
      const table = await reports.table(actorOf(request), request.params.kind, request.query)
      if (!table.ok) return sendFailure(reply, table)
      return { status: true as const, data: table.value }
    },
  )

  app.get(
    '/reports/:kind/csv',
    { schema: { params: reportParams, querystring: reportQuery } },
    async (request, reply) => {
      const file = await reports.csv(actorOf(request), request.params.kind, request.query)
      if (!file.ok) return sendFailure(reply, file)
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.value.fileName}"`)
        .send(file.value.csv)
    },
  )
}
