import { brandHost } from '@backlay/contract/brand-host'
import cors from '@fastify/cors'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet from 'helmet'
import { batchedReader } from '../db/batched-reader'
import { brandsRepository } from '../db/repositories/brands'

/** The web app's hashed scripts and stylesheets (served by the web-app plugin). */
const isBuiltSubresource = (url: string) => /^\/assets\/[^?]+\.(js|css)(\?|$)/.test(url)

/**
 * Security headers and CORS. CSP: the page may only be framed by its own
 * origin; games open in frames of their own origin, hence the open frame-src.
 * Helmet's middleware is built once here: @fastify/helmet builds it anew on every request,
 * parsing the whole policy each time, a cost every bet paid.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    const securityHeaders = helmet({
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
    // A script or stylesheet is never shown as a page: the policies that govern a document (CSP,
    // framing, opener, referrer) mean nothing on it, and on a phone their kilobyte rides along with
    // each of the first screen's files. What does apply: no sniffing, same-site use only, https.
    const subresourceHeaders = helmet({
      contentSecurityPolicy: false,
      crossOriginOpenerPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-site' },
      originAgentCluster: false,
      referrerPolicy: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xFrameOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
    })
    // Helmet 8 throws its errors instead of passing them on, so its callback only continues.
    app.addHook('onRequest', (request, reply, done) => {
      const headers = isBuiltSubresource(request.url) ? subresourceHeaders : securityHeaders
      headers(request.raw, reply.raw, () => done())
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
  },
  { name: 'security', dependencies: ['app-context', 'database'] },
)
