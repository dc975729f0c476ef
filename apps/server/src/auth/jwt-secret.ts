import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The configured JWT_SECRET, else a random one generated once and kept in DATA_DIR, so a
 * development restart does not log everybody out. (Production sets JWT_SECRET explicitly.)
 */
export function resolveJwtSecret(config: {
  JWT_SECRET?: string | undefined
  DATA_DIR: string
}): string {
  if (config.JWT_SECRET) return config.JWT_SECRET
  const file = join(config.DATA_DIR, 'jwt-secret')
  try {
    return readFileSync(file, 'utf8').trim()
  } catch {
    mkdirSync(config.DATA_DIR, { recursive: true })
    const secret = randomBytes(48).toString('base64url')
    // 'wx' fails if another process created it first; then we read theirs.
    try {
      writeFileSync(file, secret, { mode: 0o600, flag: 'wx' })
      return secret
    } catch {
      return readFileSync(file, 'utf8').trim()
    }
  }
}
