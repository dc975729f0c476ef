import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { STREAM_HEARTBEAT_MS } from '@backlay/contract/stream'
import { z } from 'zod'

const serverPackageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** Unset and empty variables both mean "use the default" (an empty `DATABASE_URL=` in a shell). */
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()))

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** PostgreSQL connection string; when unset the embedded PGlite store under DATA_DIR is used. */
  DATABASE_URL: optionalText.pipe(z.url().optional()),
  REDIS_URL: optionalText.pipe(z.url().optional()),
  DATA_DIR: z.string().min(1).default('./data'),
  WEB_DIST: z.string().min(1).default(resolve(serverPackageDir, '../web/dist')),
  /** Per-brand logo, favicon and icons: one folder per brand host, `default` for the rest. */
  BRAND_ASSETS_DIR: z.string().min(1).default(resolve(serverPackageDir, 'brand-assets')),
  /** The built operator console, served under /backoffice when present. */
  BACKOFFICE_DIST: z.string().min(1).default(resolve(serverPackageDir, '../backoffice/dist')),
  /** Signing secret for session tokens; a random one is generated and kept under DATA_DIR when unset. */
  JWT_SECRET: optionalText.pipe(
    z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ),
  /** Lifetime of a session token. */
  JWT_TTL_SECONDS: z.coerce.number().int().min(60).default(86_400),
  FEED: z.enum(['simulator', 'off']).default('simulator'),
  FEED_SEED: z.string().min(1).default('backlay'),
  /** Milliseconds between feed ticks; 0 ingests the first snapshot and then only ticks on demand. */
  FEED_TICK_MS: z.coerce.number().int().min(0).default(1000),
  /** Stream heartbeat period; a client silent for three periods is closed. */
  STREAM_HEARTBEAT_MS: z.coerce.number().int().min(10).default(STREAM_HEARTBEAT_MS),
  /**
   * Worker processes that write the stream to its clients; 0 keeps the stream in the server
   * process. On a machine with spare cores, workers reach a large audience sooner.
   */
  STREAM_WORKERS: z.coerce.number().int().min(0).max(64).default(0),
  /** Unread bytes a stream client may pile up before it is closed as too slow (4429). */
  STREAM_MAX_BUFFERED_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(4 * 1024 * 1024),
  /** Origin of the casino games server (apps/games); launch URLs point there. */
  GAMES_ORIGIN: z.url().default('http://localhost:8090'),
  /**
   * Shared HMAC secret of the casino wallet calls (≥ 32 chars); when unset a random one is
   * generated once and kept under DATA_DIR, where `npm start` hands it to the games server.
   */
  CASINO_WALLET_SECRET: optionalText.pipe(
    z.string().min(32, 'CASINO_WALLET_SECRET must be at least 32 characters').optional(),
  ),
  /**
   * Developer conveniences (GET /api/v1/dev/otp-outbox): off unless set to 1, and even then they
   * answer only to loopback clients. Test suites turn them on.
   */
  DEV_TOOLS: z
    .enum(['0', '1'])
    .default('0')
    .transform((v) => v === '1'),
  /**
   * How far (basis points of the price) a bookmaker bet may beat the exchange's opposite price
   * for the same outcome before the house line guard refuses it and suspends the runner.
   */
  HOUSE_LINE_TOLERANCE_BP: z.coerce.number().int().min(0).max(10_000).default(0),
  /**
   * Port of the internal listener that serves Prometheus metrics at GET /metrics; unset: none.
   * It binds METRICS_HOST, loopback unless set, so only the machine's own scraper reaches it.
   */
  METRICS_PORT: optionalText.pipe(
    z.coerce.number<string | undefined>().int().min(0).max(65535).optional(),
  ),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** A ticking feed silent this many seconds makes GET /health/ready answer 503. */
  FEED_STALE_SECONDS: z.coerce.number().int().min(1).default(30),
  /** API calls a minute of one address without a valid session token. */
  RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(600),
  /** API calls a minute of one session (a valid token), wherever they come from. */
  RATE_LIMIT_PER_SESSION: z.coerce.number().int().min(1).default(1200),
})

export type Config = z.infer<typeof configSchema>

/** Reads and validates the environment; throws one readable error listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`)
  }
  return parsed.data
}
