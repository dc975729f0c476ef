import type { FastifyReply } from 'fastify'
import type { Failure } from '../result'

/**
 * The one place that turns a failure code into an HTTP status. Codes read `AREA.REASON`; the
 * reason decides the status so new areas need no entry here. Unknown reasons are a client error (400).
 */
const statusByReason: Record<string, number> = {
  INVALID: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  LOCKED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  STEP_UP_REQUIRED: 403,
  STEP_UP_UNAVAILABLE: 403,
  // Responsible-gambling refusals (contract responsible-gambling.ts rgErrors).
  SELF_EXCLUDED: 403,
  TIMED_OUT: 403,
  DEPOSIT_LIMIT: 409,
}

export function statusForCode(code: string): number {
  const reason = code.slice(code.indexOf('.') + 1)
  return statusByReason[reason] ?? 400
}

/** Sends `{ status: false, msg, code }` with the status its code maps to. */
export function sendFailure(reply: FastifyReply, failure: Pick<Failure, 'code' | 'msg'>) {
  return reply
    .code(statusForCode(failure.code))
    .send({ status: false, msg: failure.msg, code: failure.code })
}
