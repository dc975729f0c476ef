import { existsSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { sendFailure } from '../http/failure-status'

/**
 * Serves the built web app when its dist folder exists. Any other GET outside /api answers
 * index.html so the client router can take deep links (and send unknown routes to /).
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, opts: { distDir: string }) => {
    const hasWebApp = existsSync(join(opts.distDir, 'index.html'))
    if (hasWebApp) {
      await app.register(fastifyStatic, { root: opts.distDir, wildcard: false })
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
