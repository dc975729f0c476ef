import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'

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

/**
 * Development helpers for browser tests. Not registered at all in production, and only while
 * the default OTP sender (which keeps an outbox) is in use.
 */
const devRoutes: FastifyPluginAsyncZod = async (app) => {
  const outbox = app.otpOutbox
  if (app.config.NODE_ENV === 'production' || !outbox) return

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
