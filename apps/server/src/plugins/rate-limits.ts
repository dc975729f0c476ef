import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import { sendFailure } from '../http/failure-status'
import { memoryWindowStore, redisWindowStore } from '../http/rate-limit-stores'

/** Per-IP budget of the credential calls (login, register, OTP); see `authRateLimit`. */
export const AUTH_CALLS_PER_IP_PER_MINUTE = 100

/**
 * Route option for calls that take credentials or send OTPs: per client IP, with the spec's
 * `{ status: false, msg }` answer. `{ config: { rateLimit: authRateLimit } }`.
 */
export const authRateLimit = {
  max: AUTH_CALLS_PER_IP_PER_MINUTE,
  timeWindow: 60_000,
  // One budget for every credential call, so spreading tries over login and OTP calls gains nothing.
  groupId: 'auth',
} as const

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook of the API's general limit (per session, else per address). */
    apiRateLimit: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
    /**
     * The same limit for a door that answers in its own shape (the trading API): the seconds to
     * wait when the request is over it, else null.
     */
    apiRateWait: (request: FastifyRequest) => Promise<number | null>
  }
}

const BEARER = /^Bearer\s+(\S+)$/i
const SESSION_KEY = 'session:'

/**
 * The rate limits. Credential calls have their own per-address budget (`authRateLimit`). Every
 * other API call counts against its session when it carries a valid token, so many players
 * behind one shared address (carrier-grade NAT) each have their own budget, and against its
 * address otherwise; a forged or expired token counts against the address, so minting tokens
 * buys nothing. Counters live in Redis when REDIS_URL is set, so every process shares them.
 */
export const rateLimitsPlugin = fp(
  async (app: FastifyInstance) => {
    const redis = app.config.REDIS_URL ? new Redis(app.config.REDIS_URL) : null
    if (redis) {
      redis.on('error', (err) => app.log.error({ err }, 'rate-limit redis connection error'))
      app.addHook('onClose', async () => {
        redis.disconnect()
      })
    }
    await app.register(rateLimit, {
      global: false,
      store: redis ? redisWindowStore(redis) : memoryWindowStore(app.clock),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        code: 'AUTH.RATE_LIMITED',
        message: `Too many attempts. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      }),
    })

    const general = app.createRateLimit({
      timeWindow: 60_000,
      keyGenerator: async (request) => {
        // The trading API sends its session as X-Authentication, Betfair's header.
        const header = request.headers['x-authentication']
        const token =
          BEARER.exec(request.headers.authorization ?? '')?.[1] ??
          (typeof header === 'string' ? header : undefined)
        const verified = token ? await app.tokens.verify(token) : null
        return verified?.ok ? `${SESSION_KEY}${verified.value.sessionId}` : `address:${request.ip}`
      },
      max: (_request, key) =>
        key.startsWith(SESSION_KEY)
          ? app.config.RATE_LIMIT_PER_SESSION
          : app.config.RATE_LIMIT_PER_ADDRESS,
    })
    const wait = async (request: FastifyRequest) => {
      const limit = await general(request)
      return !limit.isAllowed && limit.isExceeded ? limit.ttlInSeconds : null
    }
    app.decorate('apiRateWait', wait)
    app.decorate('apiRateLimit', async (request: FastifyRequest, reply: FastifyReply) => {
      // Signed server-to-server calls (the casino wallet) opt out with `rateLimit: false`.
      if (request.routeOptions.config.rateLimit === false) return
      const seconds = await wait(request)
      if (seconds !== null) {
        return sendFailure(reply, {
          code: 'API.RATE_LIMITED',
          msg: `Too many requests. Please try again in ${seconds} seconds.`,
        })
      }
    })
  },
  { name: 'rate-limits', dependencies: ['app-context', 'auth'] },
)
