import type { FastifyBaseLogger } from 'fastify'
import type { OtpChannel, OtpPurpose } from '../db/schema-accounts'

export interface OtpMessage {
  orderId: string
  purpose: OtpPurpose
  channel: OtpChannel
  countryCode: string
  mobile: string
  code: string
  /** Epoch milliseconds. */
  sentAt: number
}

/** Delivers a one-time password (SMS or WhatsApp gateway). Production installs plug one in. */
export interface OtpSender {
  send(message: OtpMessage): Promise<void>
}

/** Messages the default sender kept, newest first; only with DEV_TOOLS=1 outside production. */
export interface OtpOutbox {
  forMobile(mobile: string): OtpMessage[]
}

const OUTBOX_SIZE = 200

/**
 * The default sender, for an install without an SMS gateway: outside production it writes each
 * code to the server's own log, so a person trying Backlay locally can still sign up; with
 * `keepOutbox` (DEV_TOOLS=1) it also keeps them for tests (GET /api/v1/dev/otp-outbox). In
 * production it keeps and logs no code: a warning says no gateway is configured.
 */
export function createDefaultOtpSender(opts: {
  log: FastifyBaseLogger
  production: boolean
  keepOutbox: boolean
}): OtpSender & { outbox: OtpOutbox | null } {
  const kept: OtpMessage[] = []
  const keeping = opts.keepOutbox && !opts.production
  return {
    outbox: keeping
      ? { forMobile: (mobile) => kept.filter((m) => m.mobile === mobile).reverse() }
      : null,
    async send(message) {
      if (opts.production) {
        opts.log.warn(
          { orderId: message.orderId, channel: message.channel },
          'no OTP gateway configured: OTP not delivered',
        )
        return
      }
      if (keeping) {
        kept.push(message)
        if (kept.length > OUTBOX_SIZE) kept.shift()
      }
      opts.log.info(
        {
          orderId: message.orderId,
          channel: message.channel,
          mobile: message.mobile,
          code: message.code,
        },
        'OTP (no SMS gateway configured)',
      )
    },
  }
}
