import { appKeyResponse, appKeysResponse, revokeAppKeyRequest } from '@backlay/contract/app-keys'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { refuseDemo } from '../../../../auth/refuse-demo'
import { sendFailure } from '../../../../http/failure-status'
import { createAppKey, listAppKeys, revokeAppKey } from '../../../../trading-api/app-keys'

/** The player's application keys for the trading API (contract app-keys.ts). */
export const appKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { preHandler: [app.requireUser, refuseDemo] }
  app.post(
    '/appKeys',
    { ...auth, schema: { response: { 200: appKeyResponse } } },
    async (request) => ({
      status: true as const,
      data: await createAppKey(app.db, request.user?.userId ?? '', app.clock.now()),
    }),
  )
  app.get(
    '/appKeys',
    { ...auth, schema: { response: { 200: appKeysResponse } } },
    async (request) => ({
      status: true as const,
      data: await listAppKeys(app.db, request.user?.userId ?? ''),
    }),
  )
  app.post(
    '/appKeys/revoke',
    { ...auth, schema: { body: revokeAppKeyRequest } },
    async (request, reply) => {
      const done = await revokeAppKey(
        app.db,
        request.user?.userId ?? '',
        request.body.appKey,
        app.clock.now(),
      )
      if (!done)
        return sendFailure(reply, { code: 'APPKEY.NOT_FOUND', msg: 'No such application key.' })
      return { status: true as const, msg: 'Application key revoked.' }
    },
  )
}
