import { feedStatusResponse } from '@backlay/contract/feed-report'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { operatorGuards } from '../../../../admin/guard'

type Guards = ReturnType<typeof operatorGuards>

/** The market feed as the operator sees it: its kind and source, state, lag and a replay's progress. */
export const feedRoutes: FastifyPluginAsyncZod<{ guards: Guards }> = async (app, { guards }) => {
  app.get(
    '/feed',
    { onRequest: guards.requireAdmin, schema: { response: { 200: feedStatusResponse } } },
    async () => {
      if (!app.feed) return { status: true as const, data: null }
      const open = await app.db
        .selectFrom('markets')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('status', '<>', 'CLOSED')
        .executeTakeFirstOrThrow()
      return { status: true as const, data: app.feed.status(Number(open.n)) }
    },
  )
}
