import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { casinoWalletSecret, jwtSecret } from './kept-secrets'

const CONFIGURED = 'configured-secret-configured-secret-0123'

describe('kept secrets', () => {
  it('keeps each generated secret in DATA_DIR, so restarts and a second process share it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'backlay-secret-'))
    const jwt = jwtSecret({ DATA_DIR: dir })
    const wallet = casinoWalletSecret({ DATA_DIR: dir })
    expect(jwt.length).toBeGreaterThanOrEqual(32)
    expect(wallet.length).toBeGreaterThanOrEqual(32)
    expect(wallet).not.toBe(jwt)
    expect(jwtSecret({ DATA_DIR: dir })).toBe(jwt)
    expect(casinoWalletSecret({ DATA_DIR: dir })).toBe(wallet)
  })

  it('takes the configured secret over a kept one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'backlay-secret-'))
    casinoWalletSecret({ DATA_DIR: dir })
    expect(casinoWalletSecret({ DATA_DIR: dir, CASINO_WALLET_SECRET: CONFIGURED })).toBe(CONFIGURED)
    expect(jwtSecret({ DATA_DIR: dir, JWT_SECRET: CONFIGURED })).toBe(CONFIGURED)
  })

  it('gives two data folders different secrets', () => {
    const a = mkdtempSync(join(tmpdir(), 'backlay-secret-'))
    const b = mkdtempSync(join(tmpdir(), 'backlay-secret-'))
    expect(casinoWalletSecret({ DATA_DIR: a })).not.toBe(casinoWalletSecret({ DATA_DIR: b }))
  })
})
