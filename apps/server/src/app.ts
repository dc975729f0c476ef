import { checkedInput } from '@backlay/contract/text-rules'
import fastifyCompress from '@fastify/compress'
import Fastify, {
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify'
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import type { LogEvent } from 'kysely'
import type { z } from 'zod'
import { responsibleGamblingGate } from './admin/rg-gate'
import { type Clock, systemClock } from './clock'
import type { Config } from './config'
import { type DatabaseTarget, databaseTarget } from './db/connect'
import { REQUEST_ID_HEADER, requestIdOf } from './http/request-id'
import { limitSlowClients, serverOptions } from './http/server-options'
import { alertsPlugin } from './plugins/alerts'
import { appContextPlugin } from './plugins/app-context'
import { authPlugin } from './plugins/auth'
import { backOfficePlugin } from './plugins/back-office'
import { brandAssetsPlugin } from './plugins/brand-assets'
import { databasePlugin } from './plugins/database'
import { devSeedPlugin } from './plugins/dev-seed'
import { errorHandlerPlugin } from './plugins/error-handler'
import { feedPlugin } from './plugins/feed'
import { healthPlugin } from './plugins/health'
import { marketBooksPlugin } from './plugins/market-books'
import { messageBusPlugin } from './plugins/message-bus'
import { metricsPlugin } from './plugins/metrics'
import { openApiPlugin } from './plugins/openapi'
import { otpPlugin } from './plugins/otp'
import { rateLimitsPlugin } from './plugins/rate-limits'
import { routeCatalogPlugin } from './plugins/route-catalog'
import { securityPlugin } from './plugins/security'
import { silksPlugin } from './plugins/silks'
import { streamPlugin } from './plugins/stream'
import { webAppPlugin } from './plugins/web-app'
import { apiRoutes } from './routes/api'
import { tradingApiPlugin } from './trading-api/plugin'
import { tradingStreamPlugin } from './trading-api/stream/stream-server'

/**
 * One log line a request, Fastify's "request completed" (with its method, URL, status and time),
 * not also its "incoming request": a refusal is one info line, a 5xx adds its stack once
 * (error-handler.ts).
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    req: FastifyRequest,
    res: FastifyReply,
  ) {
    const line = { req, res, responseTime: res.elapsedTime }
    if (error) res.log.error({ ...line, err: error }, 'request errored')
    else res.log.info(line, 'request completed')
  }
}

/** What tests and benches swap or watch: the clock, the store and its statements. */
export interface AppOverrides {
  clock?: Clock
  database?: DatabaseTarget
  logger?: FastifyServerOptions['logger']
  queryLog?: (event: LogEvent) => void
}

/**
 * Builds the whole server without listening: infrastructure plugins first (context, database),
 * then app plugins, then routes. Call `app.ready()` (or `listen`) to finish start-up.
 */
export async function buildApp(config: Config, overrides: AppOverrides = {}) {
  const app = Fastify({
    logger: overrides.logger ?? {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    // Booting PGlite and migrating can take many seconds on a busy two-core machine.
    pluginTimeout: 60_000,
    // Our own paths are the spec's; trailing slashes from clients still reach them.
    routerOptions: { ignoreTrailingSlash: true },
    // A path the router cannot take (a param over its length, bytes that are not UTF-8) is
    // answered like every refusal, with a readable msg, before any route runs.
    frameworkErrors: (error, _request, reply: FastifyReply) =>
      reply.code(error.statusCode ?? 400).send({
        status: false,
        msg: error.message,
        code: 'REQUEST.INVALID',
      }),
    ...serverOptions(config),
    // Each request's log lines carry its id (reqId); the ledger rows its bets write carry it too.
    genReqId: requestIdOf,
    logController: new OneLinePerRequest(),
    ...(config.TRUST_PROXY ? { trustProxy: config.TRUST_PROXY } : {}),
  }).withTypeProvider<ZodTypeProvider>()
  limitSlowClients(app.server, config)
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id)
    done()
  })
  // Every route's input passes the contract's text rule before its own schema (text-rules.ts).
  app.setValidatorCompiler<z.ZodType>(({ schema, ...route }) =>
    validatorCompiler({ ...route, schema: checkedInput(schema) }),
  )
  app.setSerializerCompiler(serializerCompiler)

  await app.register(appContextPlugin, { config, clock: overrides.clock ?? systemClock })
  await app.register(databasePlugin, {
    target: overrides.database ?? databaseTarget(config),
    ...(overrides.queryLog ? { queryLog: overrides.queryLog } : {}),
  })
  await app.register(errorHandlerPlugin)
  await app.register(metricsPlugin)
  await app.register(routeCatalogPlugin)
  await app.register(securityPlugin)
  // Answers over 1 KB (menus, match lists, statements) go out compressed; the built web app is
  // compressed at build time and sent as it is (web-app.ts).
  await app.register(fastifyCompress, { threshold: 1024 })
  await app.register(openApiPlugin)
  await app.register(messageBusPlugin)
  await app.register(authPlugin)
  await app.register(rateLimitsPlugin)
  await app.register(otpPlugin)
  await app.register(devSeedPlugin)
  await app.register(feedPlugin)
  await app.register(healthPlugin)
  await app.register(alertsPlugin)
  await app.register(marketBooksPlugin)
  await app.register(streamPlugin)
  await app.register(tradingStreamPlugin)

  await app.register(responsibleGamblingGate)
  await app.register(apiRoutes, { prefix: '/api' })
  await app.register(tradingApiPlugin, { prefix: '/betfair' })
  await app.register(backOfficePlugin, { prefix: '/backoffice', distDir: config.BACKOFFICE_DIST })
  await app.register(brandAssetsPlugin)
  await app.register(silksPlugin)
  await app.register(webAppPlugin, { distDir: config.WEB_DIST })
  return app
}

export type App = Awaited<ReturnType<typeof buildApp>>
