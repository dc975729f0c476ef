import { IncomingMessage, type OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
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
 * The headers a helmet policy sets, read once from a response no request will use: every
 * policy here is fixed (no nonces), so its thirteen middlewares would set the same values on
 * every request, a few per cent of the server's time under load.
 */
function headersOf(policy: ReturnType<typeof helmet>): OutgoingHttpHeaders {
  const response = new ServerResponse(new IncomingMessage(new Socket()))
  policy(response.req, response, (error?: unknown) => {
    if (error) throw error
  })
  return response.getHeaders()
}

/**
 * Security headers and CORS. CSP: the page may only be framed by its own
 * origin; games open in frames of their own origin, hence the open frame-src.
 * Helmet works out the headers once here: @fastify/helmet builds its middleware anew on every
 * request, parsing the whole policy each time, a cost every bet paid.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    const securityHeaders = headersOf(
      helmet({
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
      }),
    )
    // A script or stylesheet is never shown as a page: the policies that govern a document (CSP,
    // framing, opener, referrer) mean nothing on it, and on a phone their kilobyte rides along with
    // each of the first screen's files. What does apply: no sniffing, same-site use only, https.
    const subresourceHeaders = headersOf(
      helmet({
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
      }),
    )
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isBuiltSubresource(request.url) ? subresourceHeaders : securityHeaders)
      done()
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
