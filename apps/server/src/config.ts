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

/** A comma-separated list; blanks dropped. */
/** The parts of a comma-separated setting (NATS_URL's servers, the feed's filters). */
export const commaParts = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)

const commaList = z.string().transform(commaParts)

/** Browsers load an https page's frames from https, or from plain http on the machine itself. */
const isTrustworthyOrigin = (origin: string) => {
  const { protocol, hostname } = new URL(origin)
  return protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(hostname)
}

/**
 * A whole number with per-sport exceptions: `2`, or `2,7=4,4339=4` (4 for horse and greyhound
 * racing, 2 for the rest), sports by their ids.
 */
const perSport = (min: number) =>
  z.string().transform((v, ctx) => {
    const bySport: Record<string, number> = {}
    let fallback: number | undefined
    for (const part of v
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)) {
      const [sport, value] = part.includes('=') ? part.split('=') : [undefined, part]
      const n = Number(value)
      if (!Number.isInteger(n) || n < min) {
        ctx.addIssue({ code: 'custom', message: `${part}: a whole number of at least ${min}` })
        return z.NEVER
      }
      if (sport === undefined) fallback = n
      else bySport[sport.trim()] = n
    }
    if (fallback === undefined) {
      ctx.addIssue({ code: 'custom', message: 'give a value for every sport, e.g. 2,7=4' })
      return z.NEVER
    }
    return { fallback, bySport }
  })
export type PerSport = { fallback: number; bySport: Record<string, number> }

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** PostgreSQL connection string; when unset the embedded PGlite store under DATA_DIR is used. */
    DATABASE_URL: optionalText.pipe(z.url().optional()),
    REDIS_URL: optionalText.pipe(z.url().optional()),
    /**
     * NATS server(s) of a cluster: processes with the same DATABASE_URL and NATS_URL are one
     * exchange, each market served by one of them (cluster/). Comma-separated, every server of
     * a NATS cluster: a node goes on through the others when one is lost.
     */
    NATS_URL: optionalText.pipe(
      z
        .string()
        .refine((v) => commaParts(v).every((url) => z.url().safeParse(url).success), {
          message: 'NATS_URL takes URLs, comma-separated',
        })
        .optional(),
    ),
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
    /** Where fixtures and prices come from: the simulator, Betfair's Stream API, a replay of its files, or none. */
    FEED: z.enum(['simulator', 'betfair-stream', 'betfair-replay', 'off']).default('simulator'),
    FEED_SEED: z.string().min(1).default('backlay'),
    /** Milliseconds between feed ticks; 0 ingests the first snapshot and then only ticks on demand. */
    FEED_TICK_MS: z.coerce.number().int().min(0).default(1000),
    /**
     * FEED=betfair-stream: the application key, and either a session token of the account or
     * its certificate login (username, password, client certificate and key files).
     */
    BETFAIR_APP_KEY: optionalText,
    BETFAIR_SESSION_TOKEN: optionalText,
    BETFAIR_USERNAME: optionalText,
    BETFAIR_PASSWORD: optionalText,
    BETFAIR_CERT_FILE: optionalText,
    BETFAIR_KEY_FILE: optionalText,
    BETFAIR_LOGIN_URL: z.url().default('https://identitysso-cert.betfair.com/api/certlogin'),
    /** Betfair's betting REST API, asked for the names the stream leaves out. */
    BETFAIR_API_URL: z.url().default('https://api.betfair.com/exchange/betting/rest/v1.0/'),
    /** FEED=betfair-stream: where Betfair's Stream API listens (TLS). */
    BETFAIR_FEED_STREAM_HOST: z.string().min(1).default('stream-api.betfair.com'),
    BETFAIR_FEED_STREAM_PORT: z.coerce.number().int().min(1).max(65535).default(443),
    /** A PEM file of certificates to trust besides the system's (a relay with its own CA). */
    BETFAIR_CA_FILE: optionalText,
    /** Market filter of the subscription: comma-separated; empty = any. */
    BETFAIR_EVENT_TYPE_IDS: commaList.default(['4', '1', '2', '7', '4339']),
    BETFAIR_MARKET_TYPES: commaList.default(['MATCH_ODDS', 'WIN']),
    BETFAIR_COUNTRY_CODES: commaList.default([]),
    /** Betfair merges the changes of this many milliseconds into one message (0–120000). */
    BETFAIR_CONFLATE_MS: z.coerce.number().int().min(0).max(120_000).default(0),
    BETFAIR_HEARTBEAT_MS: z.coerce.number().int().min(500).max(30_000).default(5_000),
    /** FEED=betfair-replay: files or folders of Betfair historical data (plain, .gz, .bz2). */
    FEED_REPLAY_FILES: commaList.default([]),
    /** 1 = the recorded pace, 60 = a minute a second, 0 = as fast as the server takes it. */
    FEED_REPLAY_SPEED: z.coerce.number().min(0).default(1),
    /** 1 moves the recorded times so the replay starts now; 0 keeps them. */
    FEED_REPLAY_SHIFT: z
      .enum(['0', '1'])
      .default('1')
      .transform((v) => v === '1'),
    /**
     * A Betfair runner with a last traded price and no ladder (BASIC files) is quoted around that
     * price: ticks between the best back and lay, levels a side, and rupees a level; per sport.
     */
    FEED_LTP_SPREAD_TICKS: perSport(1).prefault('2,7=4,4339=4'),
    FEED_LTP_DEPTH: perSport(1).prefault('3'),
    FEED_LTP_SIZE: perSport(1).prefault('5000'),
    /**
     * PEM files of the certificate (its chain) and private key: set both and the server speaks
     * HTTPS, HTTP/2 to browsers that offer it and HTTP/1.1 to the rest (and to WebSockets).
     * Unset: plain HTTP/1.1, for a TLS-terminating load balancer in front or local use.
     */
    TLS_CERT_FILE: optionalText,
    TLS_KEY_FILE: optionalText,
    /**
     * The trading API's Exchange Stream API: a TLS port on HOST (0: any free port; off: none),
     * with TLS_CERT_FILE/TLS_KEY_FILE or a self-signed certificate kept under DATA_DIR.
     */
    BETFAIR_STREAM_PORT: z
      .union([z.literal('off'), z.coerce.number().int().min(0).max(65535)])
      .default(8443),
    /** Stream connections a player may hold open at once (per process), as Betfair's limit. */
    BETFAIR_STREAM_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(10),
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
    /** How often the operator alerts are evaluated (and their webhooks told), in seconds. */
    ALERT_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /** A ticking feed silent this many seconds makes GET /health/ready answer 503. */
    FEED_STALE_SECONDS: z.coerce.number().int().min(1).default(30),
    /**
     * The load balancers in front, whose X-Forwarded-For is believed (addresses or CIDR ranges,
     * comma-separated): a call's address is then the client's, for its rate limit and its logs.
     * Unset: the address the connection comes from.
     */
    TRUST_PROXY: optionalText.pipe(commaList.optional()),
    /** API calls a minute of one address without a valid session token. */
    RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(600),
    /** API calls a minute of one session (a valid token), wherever they come from. */
    RATE_LIMIT_PER_SESSION: z.coerce.number().int().min(1).default(1200),
  })
  .superRefine((c, ctx) => {
    if (c.NATS_URL && !c.DATABASE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message: 'NATS_URL makes a cluster, whose nodes share one PostgreSQL: set DATABASE_URL too',
      })
    if (Boolean(c.TLS_CERT_FILE) !== Boolean(c.TLS_KEY_FILE))
      ctx.addIssue({
        code: 'custom',
        path: [c.TLS_CERT_FILE ? 'TLS_KEY_FILE' : 'TLS_CERT_FILE'],
        message: 'TLS needs both TLS_CERT_FILE and TLS_KEY_FILE',
      })
    if (c.TLS_CERT_FILE && c.STREAM_WORKERS > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['STREAM_WORKERS'],
        message:
          'stream workers take over plain sockets, which a TLS session cannot follow: set STREAM_WORKERS=0 with TLS_CERT_FILE, or end TLS in a load balancer',
      })
    if (c.TLS_CERT_FILE && !isTrustworthyOrigin(c.GAMES_ORIGIN))
      ctx.addIssue({
        code: 'custom',
        path: ['GAMES_ORIGIN'],
        message: 'an https page cannot frame games from plain http: use an https GAMES_ORIGIN',
      })
    if (c.FEED === 'betfair-stream') {
      const required = c.BETFAIR_SESSION_TOKEN
        ? (['BETFAIR_APP_KEY'] as const)
        : ([
            'BETFAIR_APP_KEY',
            'BETFAIR_USERNAME',
            'BETFAIR_PASSWORD',
            'BETFAIR_CERT_FILE',
            'BETFAIR_KEY_FILE',
          ] as const)
      for (const key of required) {
        if (!c[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message:
              key === 'BETFAIR_APP_KEY'
                ? 'required when FEED=betfair-stream'
                : 'required when FEED=betfair-stream has no BETFAIR_SESSION_TOKEN',
          })
      }
    }
    if (c.FEED === 'betfair-replay' && c.FEED_REPLAY_FILES.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['FEED_REPLAY_FILES'],
        message: 'required when FEED=betfair-replay',
      })
    }
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
