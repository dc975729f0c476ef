import { existsSync } from 'node:fs'
import { join, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { sendFailure } from '../http/failure-status'

/** Vite names everything under assets/ by its content hash, so a copy can be kept for good. */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable'
/** index.html, the service worker and the offline page name the current build: always revalidated. */
export const REVALIDATED_CACHE = 'no-cache'

const cacheControlOf = (path: string) =>
  path.includes(`${sep}assets${sep}`) ? HASHED_ASSET_CACHE : REVALIDATED_CACHE

/**
 * Serves the built web app when its dist folder exists, as the build compressed it (`.br`, `.gz`
 * beside each file) when the browser accepts it. Any other GET outside /api answers index.html so
 * the client router can take deep links (and send unknown routes to /).
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, opts: { distDir: string }) => {
    const hasWebApp = existsSync(join(opts.distDir, 'index.html'))
    if (hasWebApp) {
      await app.register(fastifyStatic, {
        root: opts.distDir,
        wildcard: false,
        preCompressed: true,
        cacheControl: false,
        setHeaders: (reply, path) => reply.header('cache-control', cacheControlOf(path)),
      })
      app.log.info({ distDir: opts.distDir }, 'serving web app')
    } else if (app.config.NODE_ENV === 'production') {
      app.log.warn({ distDir: opts.distDir }, 'no built web app found; serving the API only')
    }
    app.setNotFoundHandler((request, reply) => {
      if (hasWebApp && (request.method === 'GET' || request.method === 'HEAD')) {
        return reply.type('text/html').sendFile('index.html')
      }
      return sendFailure(reply, {
        code: 'ROUTE.NOT_FOUND',
        msg: `No such page: ${request.method} ${request.url.split('?')[0]}`,
      })
    })
  },
  { name: 'web-app', dependencies: ['app-context'] },
)
