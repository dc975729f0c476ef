import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { createDefaultOtpSender, type OtpOutbox, type OtpSender } from '../auth/otp-sender'

declare module 'fastify' {
  interface FastifyInstance {
    otpSender: OtpSender
    /** Null in production. */
    otpOutbox: OtpOutbox | null
  }
}

/** The OTP delivery seam: the given sender, else the logging dev-outbox sender. */
export const otpPlugin = fp(
  async (app: FastifyInstance, opts: { sender?: OtpSender }) => {
    const fallback = createDefaultOtpSender({
      log: app.log,
      production: app.config.NODE_ENV === 'production',
    })
    app.decorate('otpSender', opts.sender ?? fallback)
    app.decorate('otpOutbox', opts.sender ? null : fallback.outbox)
  },
  { name: 'otp', dependencies: ['app-context'] },
)
