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

/** Messages the default sender kept, newest first; only outside production. */
export interface OtpOutbox {
  forMobile(mobile: string): OtpMessage[]
}

const OUTBOX_SIZE = 200

/**
 * The default sender: logs each OTP and keeps it in an in-memory outbox that tests (and, outside
 * production, browser tests through GET /api/v1/dev/otp-outbox) read. In production it keeps
 * and logs no code: a warning says no gateway is configured.
 */
export function createDefaultOtpSender(opts: {
  log: FastifyBaseLogger
  production: boolean
}): OtpSender & { outbox: OtpOutbox | null } {
  const kept: OtpMessage[] = []
  return {
    outbox: opts.production
      ? null
      : {
          forMobile: (mobile) => kept.filter((m) => m.mobile === mobile).reverse(),
        },
    async send(message) {
      if (opts.production) {
        opts.log.warn(
          { orderId: message.orderId, channel: message.channel },
          'no OTP gateway configured: OTP not delivered',
        )
        return
      }
      kept.push(message)
      if (kept.length > OUTBOX_SIZE) kept.shift()
      opts.log.info(
        {
          orderId: message.orderId,
          channel: message.channel,
          mobile: message.mobile,
          code: message.code,
        },
        'OTP (development outbox)',
      )
    },
  }
}
