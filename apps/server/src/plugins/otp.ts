import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { createDefaultOtpSender, type OtpOutbox, type OtpSender } from '../auth/otp-sender'

declare module 'fastify' {
  interface FastifyInstance {
    otpSender: OtpSender
    /** The codes sent, for tests: only with DEV_TOOLS=1 and the default sender. */
    otpOutbox: OtpOutbox | null
  }
}

/** The OTP delivery seam: the given sender, else the default one that logs codes outside production. */
export const otpPlugin = fp(
  async (app: FastifyInstance, opts: { sender?: OtpSender }) => {
    const fallback = createDefaultOtpSender({
      log: app.log,
      production: app.config.NODE_ENV === 'production',
      keepOutbox: app.config.DEV_TOOLS,
    })
    app.decorate('otpSender', opts.sender ?? fallback)
    app.decorate('otpOutbox', opts.sender ? null : fallback.outbox)
  },
  { name: 'otp', dependencies: ['app-context'] },
)
