import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Config } from './config'

/** Where the casino-wallet secret is kept under DATA_DIR; `npm start` reads it for the games server. */
export const CASINO_WALLET_SECRET_FILE = 'casino-wallet-secret'

/**
 * `configured` when set, else a random secret generated once and kept in `dataDir/file`, so a
 * restart keeps sessions and a second process on the same data shares it. No mode falls back to
 * a literal: a secret in the source would be everybody's.
 */
export function keptSecret(dataDir: string, file: string, configured?: string): string {
  if (configured) return configured
  const path = join(dataDir, file)
  try {
    return readFileSync(path, 'utf8').trim()
  } catch {
    mkdirSync(dataDir, { recursive: true })
    const secret = randomBytes(48).toString('base64url')
    // 'wx' fails if another process created it first; then we read theirs.
    try {
      writeFileSync(path, secret, { mode: 0o600, flag: 'wx' })
      return secret
    } catch {
      return readFileSync(path, 'utf8').trim()
    }
  }
}

export const jwtSecret = (config: Pick<Config, 'JWT_SECRET' | 'DATA_DIR'>): string =>
  keptSecret(config.DATA_DIR, 'jwt-secret', config.JWT_SECRET)

export const casinoWalletSecret = (
  config: Pick<Config, 'CASINO_WALLET_SECRET' | 'DATA_DIR'>,
): string => keptSecret(config.DATA_DIR, CASINO_WALLET_SECRET_FILE, config.CASINO_WALLET_SECRET)
