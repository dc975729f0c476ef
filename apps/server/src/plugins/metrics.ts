import { createServer, type Server } from 'node:http'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { postgresPool } from '../db/connect'
import { settlementBacklog } from '../markets/settlement'
import { createMetrics, type Metrics } from '../ops/metrics'

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics
    /** The internal listener of GET /metrics; null unless METRICS_PORT is set. */
    metricsServer: Server | null
  }
}

/**
 * Prometheus metrics: every HTTP answer is timed by route pattern, and the gauges read the
 * running server when scraped. They are served on an internal listener of their own
 * (METRICS_PORT on METRICS_HOST), never on the public port.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const metrics = createMetrics()
    app.decorate('metrics', metrics)
    app.addHook('onResponse', async (request, reply) => {
      metrics.observeHttp(
        request.method,
        request.routeOptions.url ?? 'unmatched',
        reply.statusCode,
        reply.elapsedTime / 1000,
      )
    })
    // The stream and the feed are decorated by later plugins: the gauges look once all are in.
    app.addHook('onReady', async () => {
      const pool = postgresPool(app.db)
      const { stream, feed } = app
      metrics.readGauges({
        ...(pool
          ? {
              pool: () => ({
                total: pool.totalCount,
                idle: pool.idleCount,
                waiting: pool.waitingCount,
              }),
            }
          : {}),
        ...(stream
          ? {
              stream: () => ({ clients: stream.connectionCount, queuedBytes: stream.queuedBytes }),
            }
          : {}),
        ...(feed?.ticking ? { feedLagSeconds: () => feed.silenceSeconds() ?? 0 } : {}),
        settlementBacklog: () => settlementBacklog(app.db),
      })
    })

    const port = app.config.METRICS_PORT
    if (port === undefined) {
      app.decorate('metricsServer', null)
      return
    }
    const server = createServer((request, response) => {
      if (request.method !== 'GET' || request.url !== '/metrics') {
        response.writeHead(404).end()
        return
      }
      metrics.registry.metrics().then(
        (text) =>
          response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
        (err: unknown) => {
          app.log.error({ err }, 'metrics scrape failed')
          response.writeHead(500).end()
        },
      )
    })
    app.decorate('metricsServer', server)
    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject)
        server.listen(port, app.config.METRICS_HOST, () => resolve())
      })
    })
    app.addHook('onClose', async () => {
      await new Promise((resolve) => server.close(resolve))
    })
  },
  { name: 'metrics', dependencies: ['app-context', 'database'] },
)
