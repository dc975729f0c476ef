import { buildApp } from './app'
import { loadConfig } from './config'

const SHUTDOWN_GRACE_MS = 10_000

const config = loadConfig()
const app = await buildApp(config)

let closing = false
async function shutdown(signal: NodeJS.Signals) {
  if (closing) return
  closing = true
  app.log.info({ signal }, 'shutting down')
  // A stuck close must not keep a stopped deployment alive forever.
  const timer = setTimeout(() => {
    app.log.error('shutdown timed out')
    process.exit(1)
  }, SHUTDOWN_GRACE_MS)
  timer.unref()
  try {
    await app.close()
    process.exit(0)
  } catch (err) {
    app.log.error({ err }, 'shutdown failed')
    process.exit(1)
  }
}
process.on('SIGTERM', shutdown)
process.on('SIGINT', shutdown)

try {
  await app.listen({ port: config.PORT, host: config.HOST })
} catch (err) {
  app.log.fatal({ err }, 'failed to start')
  await app.close().catch(() => undefined)
  process.exit(1)
}
