import { describe, expect, it } from 'vitest'
import { CASINO_WALLET_SIGNATURE_HEADER } from './casino-wallet'
import {
  CASINO_WALLET_NONCE_HEADER,
  CASINO_WALLET_TIMESTAMP_HEADER,
  casinoCallHeaders,
  verifiedCasinoNonce,
} from './casino-wallet-signature'

const SECRET = 'a-wallet-secret-that-is-long-enough-0001'
const NOW = 1_790_000_000_000
const call = { method: 'POST', path: '/api/v1/casino-wallet/debit', body: '{"amount":100}' }

describe('casino-wallet signature', () => {
  it('verifies its own headers and hands back the nonce', () => {
    const headers = casinoCallHeaders(SECRET, call, NOW, 'nonce-0123456789abcdef')
    expect(verifiedCasinoNonce(SECRET, call, headers, NOW)).toBe('nonce-0123456789abcdef')
  })

  it('binds method, path and body', () => {
    const headers = casinoCallHeaders(SECRET, call, NOW)
    for (const changed of [
      { ...call, method: 'PUT' },
      { ...call, path: '/api/v1/casino-wallet/credit' },
      { ...call, body: '{"amount":1000}' },
    ]) {
      expect(verifiedCasinoNonce(SECRET, changed, headers, NOW)).toBeNull()
    }
  })

  it('refuses another secret, a changed timestamp or nonce, and missing headers', () => {
    const headers = casinoCallHeaders(SECRET, call, NOW)
    expect(verifiedCasinoNonce(`${SECRET}x`, call, headers, NOW)).toBeNull()
    const later = { ...headers, [CASINO_WALLET_TIMESTAMP_HEADER]: String(NOW + 1) }
    expect(verifiedCasinoNonce(SECRET, call, later, NOW)).toBeNull()
    const otherNonce = { ...headers, [CASINO_WALLET_NONCE_HEADER]: 'another-nonce-0123456789' }
    expect(verifiedCasinoNonce(SECRET, call, otherNonce, NOW)).toBeNull()
    const { [CASINO_WALLET_SIGNATURE_HEADER]: _, ...unsigned } = headers
    expect(verifiedCasinoNonce(SECRET, call, unsigned, NOW)).toBeNull()
  })

  it('accepts 30 s of clock difference either way and nothing beyond', () => {
    const headers = casinoCallHeaders(SECRET, call, NOW)
    expect(verifiedCasinoNonce(SECRET, call, headers, NOW + 30_000)).not.toBeNull()
    expect(verifiedCasinoNonce(SECRET, call, headers, NOW - 30_000)).not.toBeNull()
    expect(verifiedCasinoNonce(SECRET, call, headers, NOW + 30_001)).toBeNull()
    expect(verifiedCasinoNonce(SECRET, call, headers, NOW - 30_001)).toBeNull()
  })

  it('signs each call with a fresh nonce', () => {
    const a = casinoCallHeaders(SECRET, call, NOW)
    const b = casinoCallHeaders(SECRET, call, NOW)
    expect(a[CASINO_WALLET_NONCE_HEADER]).not.toBe(b[CASINO_WALLET_NONCE_HEADER])
  })
})
