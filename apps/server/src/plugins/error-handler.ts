import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { storeUnavailable } from '../db/store-unavailable'
import { sendFailure } from '../http/failure-status'

/** `body.sport_id: Invalid input: expected string, received boolean; body: Unrecognized key: "x"` */
function describeValidation(
  context: string | undefined,
  issues: readonly { instancePath: string; message?: string | undefined }[],
): string {
  return issues
    .map((issue) => {
      const field = [context, ...issue.instancePath.split('/').filter(Boolean)]
        .filter(Boolean)
        .join('.')
      return field ? `${field}: ${issue.message}` : (issue.message ?? 'invalid')
    })
    .join('; ')
}

/**
 * One error handler for the whole app: bad input is a 4xx with a readable `msg` naming the field;
 * a store that cannot be reached (a failover) is a 503 to try again; anything else is our bug,
 * logged in full and answered with a 500 that reveals nothing.
 */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        return sendFailure(reply, {
          code: 'REQUEST.INVALID',
          msg: describeValidation(error.validationContext, error.validation),
        })
      }
      const status = error.statusCode ?? 500
      // 4xx, and a 503 the client may try again (a cluster moving a market), carry their reason.
      if ((status >= 400 && status < 500) || status === 503) {
        // Our own thrown failures (the rate limiter's) carry an `AREA.REASON` code; Fastify's carry FST_*.
        const code = /^[A-Z]+\.[A-Z_]+$/.test(error.code ?? '') ? error.code : 'REQUEST.INVALID'
        return reply.code(status).send({ status: false, msg: error.message, code })
      }
      // The store is failing over or out of reach: not our bug, and worth trying again.
      if (storeUnavailable(error)) {
        request.log.warn({ err: error }, 'store unavailable')
        return reply.code(503).send({
          status: false,
          msg: 'The service is briefly unavailable. Please try again in a moment.',
          code: 'SERVER.UNAVAILABLE',
        })
      }
      request.log.error({ err: error }, 'request failed')
      return reply
        .code(500)
        .send({ status: false, msg: 'Something went wrong', code: 'SERVER.ERROR' })
    })
  },
  { name: 'error-handler' },
)
