import { existsSync, readFileSync } from 'node:fs'
import { join, sep } from 'node:path'
import {
  DEEP_LINK_PRELOAD_FILE,
  type DeepLinkPreload,
  deepLinkPreload,
} from '@backlay/contract/web-build'
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
 * The `Link` header value that has the browser fetch `preload` alongside the entry. The app's
 * loader asks for stylesheets in CORS mode (`crossorigin`); a hint in another mode would not
 * match its request and the file would come down twice.
 */
export const linkHeaderOf = ({ modules, styles }: DeepLinkPreload): string =>
  [
    ...modules.map((path) => `<${path}>; rel=modulepreload`),
    ...styles.map((path) => `<${path}>; rel=preload; as=style; crossorigin`),
  ].join(', ')

/** The build's list for deep links; none when the build wrote none or one that does not parse. */
function readDeepLinkPreload(app: FastifyInstance, distDir: string): DeepLinkPreload | undefined {
  const path = join(distDir, DEEP_LINK_PRELOAD_FILE)
  if (!existsSync(path)) return undefined
  try {
    return deepLinkPreload.parse(JSON.parse(readFileSync(path, 'utf8')))
  } catch (err) {
    app.log.warn({ err, path }, 'deep links go without preload: the list does not parse')
    return undefined
  }
}

/**
 * Serves the built web app when its dist folder exists, as the build compressed it (`.br`, `.gz`
 * beside each file) when the browser accepts it. Any other GET outside /api answers index.html so
 * the client router can take deep links (and send unknown routes to /). A deep link's answer
 * names the code every page but the home page needs, which would otherwise be asked for only once
 * the entry has arrived and run: on a phone that is a second later.
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
    const preload = hasWebApp ? readDeepLinkPreload(app, opts.distDir) : undefined
    const deepLinkHeader = preload ? linkHeaderOf(preload) : ''
    app.setNotFoundHandler((request, reply) => {
      if (hasWebApp && (request.method === 'GET' || request.method === 'HEAD')) {
        if (deepLinkHeader) reply.header('link', deepLinkHeader)
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
