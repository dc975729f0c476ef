import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { type AlertMonitor, alertMonitor } from '../admin/alerts/alert-monitor'

declare module 'fastify' {
  interface FastifyInstance {
    alerts: AlertMonitor
  }
}

/** Evaluates the operators' alerts every ALERT_CHECK_SECONDS while the server runs. */
export const alertsPlugin = fp(
  async (app: FastifyInstance) => {
    const monitor = alertMonitor({
      db: app.db,
      now: () => app.clock.now(),
      feedSilence: () => app.feed?.silenceSeconds() ?? null,
      warn: (message, context) => app.log.warn(context, message),
    })
    app.decorate('alerts', monitor)
    let timer: NodeJS.Timeout | null = null
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        monitor.check().catch((err) => app.log.error({ err }, 'alert check failed'))
      }, app.config.ALERT_CHECK_SECONDS * 1000)
      timer.unref()
    })
    app.addHook('preClose', async () => {
      if (timer) clearInterval(timer)
      await monitor.idle()
    })
  },
  { name: 'alerts', dependencies: ['app-context', 'database', 'feed'] },
)
