import { z } from 'zod'

const list = z
  .string()
  .transform((s) => s.split(/[\s,]+/).filter(Boolean))
  .pipe(z.array(z.string().min(1)).min(1))

const env = z.object({
  NODE_ENV: z.string().default('development'),
  GAMES_HOST: z.string().default('127.0.0.1'),
  GAMES_PORT: z.coerce.number().int().min(0).max(65_535).default(8090),
  /** Brand origins allowed to frame the games (CSP frame-ancestors). */
  GAMES_FRAME_ANCESTORS: list.default([
    'http://localhost:8080',
    'http://127.0.0.1:8080',
    'http://localhost:5173',
  ]),
  BACKLAY_WALLET_URL: z.url().default('http://127.0.0.1:8080'),
  /** Shared with the Backlay server; `npm start` passes the one the server keeps under its DATA_DIR. */
  CASINO_WALLET_SECRET: z.string().min(32, 'CASINO_WALLET_SECRET must be at least 32 characters'),
  GAMES_DATA_DIR: z.string().default('data/games'),
  /**
   * Not a secret: fixed before play starts and published with the terminating hash (as Bustabit
   * publishes a future block hash), so anyone can check the chain.
   */
  CRASH_SALT: z.string().min(1).default('0000000000000000000backlay-crash-salt-v1'),
  CRASH_CHAIN_LENGTH: z.coerce.number().int().min(10).max(10_000_000).default(100_000),
})

export type GamesConfig = {
  host: string
  port: number
  frameAncestors: string[]
  walletUrl: string
  walletSecret: string
  dataDir: string
  crashSalt: string
  crashChainLength: number
}

/** Reads the environment; no mode starts without the wallet secret it shares with the server. */
export const loadConfig = (source: NodeJS.ProcessEnv = process.env): GamesConfig => {
  const e = env.parse(source)
  return {
    host: e.GAMES_HOST,
    port: e.GAMES_PORT,
    frameAncestors: e.GAMES_FRAME_ANCESTORS,
    walletUrl: e.BACKLAY_WALLET_URL,
    walletSecret: e.CASINO_WALLET_SECRET,
    dataDir: e.GAMES_DATA_DIR,
    crashSalt: e.CRASH_SALT,
    crashChainLength: e.CRASH_CHAIN_LENGTH,
  }
}
