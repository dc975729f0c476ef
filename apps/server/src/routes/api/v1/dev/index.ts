import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { sendFailure } from '../../../../http/failure-status'

const outboxQuery = z.strictObject({
  mobile: z
    .string()
    .trim()
    .regex(/^\d{4,15}$/),
})
const outboxResponse = z.object({
  status: z.literal(true),
  data: z.array(
    z.object({
      orderId: z.string(),
      purpose: z.string(),
      channel: z.string(),
      countryCode: z.string(),
      mobile: z.string(),
      code: z.string(),
      sentAt: z.iso.datetime(),
    }),
  ),
})

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/

/**
 * Developer helpers for test suites: registered only when DEV_TOOLS=1 (never in production), and
 * then answering only to clients on this machine, since an OTP outbox hands out every reset code.
 */
const devRoutes: FastifyPluginAsyncZod = async (app) => {
  const outbox = app.otpOutbox
  if (!app.config.DEV_TOOLS || app.config.NODE_ENV === 'production' || !outbox) return
  app.log.warn(
    'DEV_TOOLS=1: /api/v1/dev/* is on for loopback clients. Never set it on a server people reach.',
  )

  app.addHook('onRequest', async (request, reply) => {
    if (!LOOPBACK.test(request.socket.remoteAddress ?? '')) {
      return sendFailure(reply, {
        code: 'DEV.FORBIDDEN',
        msg: 'Developer tools answer only to this machine.',
      })
    }
  })

  /** GET dev/otp-outbox?mobile=9000000001 → the OTPs sent to that number, newest first. */
  app.get(
    '/otp-outbox',
    { schema: { querystring: outboxQuery, response: { 200: outboxResponse } } },
    async (request) => ({
      status: true as const,
      data: outbox.forMobile(request.query.mobile).map((m) => ({
        ...m,
        sentAt: new Date(m.sentAt).toISOString(),
      })),
    }),
  )
}
export default devRoutes
