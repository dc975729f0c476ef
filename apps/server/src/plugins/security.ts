import { brandHost } from '@backlay/contract/brand'
import cors from '@fastify/cors'
import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Clock } from '../clock'
import { batchedReader } from '../db/batched-reader'
import { brandsRepository } from '../db/repositories/brands'

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

type IncrCallback = (err: Error | null, result: { current: number; ttl: number }) => void

/**
 * Fixed-window counters on the app clock, one store for every route: the limiter's own store
 * gives each route a separate one, which would let `groupId` budgets be multiplied by routes.
 */
function sharedWindowStore(clock: Clock) {
  const windows = new Map<string, { current: number; start: number }>()
  return class SharedWindowStore {
    incr(key: string, cb: IncrCallback, timeWindow: number) {
      const now = clock.now()
      if (windows.size > 50_000) {
        for (const [k, w] of windows) if (w.start + timeWindow <= now) windows.delete(k)
      }
      let w = windows.get(key)
      if (!w || w.start + timeWindow <= now) {
        w = { current: 0, start: now }
        windows.set(key, w)
      }
      w.current += 1
      cb(null, { current: w.current, ttl: w.start + timeWindow - now })
    }
    child() {
      return this
    }
  }
}

/**
 * Security headers, CORS and the rate limiter. CSP: the page may only be framed by its own
 * origin; games open in frames of their own origin, hence the open frame-src.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          frameAncestors: ["'self'"],
          frameSrc: ["'self'", 'http:', 'https:'],
          scriptSrc: ["'self'", 'https:'],
          styleSrc: ["'self'", "'unsafe-inline'", 'https:'],
          imgSrc: ["'self'", 'data:', 'blob:', 'http:', 'https:'],
          connectSrc: ["'self'", 'ws:', 'wss:', 'http:', 'https:'],
          fontSrc: ["'self'", 'data:', 'https:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          // Plain-http installs (dev, browser tests, the games origin) must not be upgraded to https.
          upgradeInsecureRequests: null,
        },
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginResourcePolicy: { policy: 'same-site' },
      crossOriginEmbedderPolicy: false,
    })

    // Only a brand's own host (or its app./www. variant) may call with credentials from a browser.
    // Browsers send an Origin with every POST (each bet): one brands read per turn of the loop.
    const brands = brandsRepository(app.db)
    const isBrandHost = batchedReader(async (hosts: string[]) => {
      const known = await brands.knownHosts(hosts)
      return new Map(hosts.map((host) => [host, known.has(host)]))
    })
    await app.register(cors, {
      credentials: true,
      origin: async (origin: string | undefined) => {
        if (!origin) return false
        try {
          return (await isBrandHost(brandHost(new URL(origin).host))) === true
        } catch {
          return false
        }
      },
    })

    await app.register(rateLimit, {
      global: false,
      store: sharedWindowStore(app.clock),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        code: 'AUTH.RATE_LIMITED',
        message: `Too many attempts. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      }),
    })
  },
  { name: 'security', dependencies: ['app-context', 'database'] },
)
