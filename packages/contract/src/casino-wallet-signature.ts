import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import { CASINO_WALLET_SIGNATURE_HEADER } from './casino-wallet'

/**
 * Signing of the casino-wallet calls (server-side only: it needs node:crypto, so the web app
 * never imports it). The signature covers the method, the path, a timestamp, a nonce and the raw
 * body, so a captured call cannot be sent to another route, with another body, or again:
 *
 *   x-backlay-timestamp: epoch milliseconds when the call was signed
 *   x-backlay-nonce:     16–64 characters [A-Za-z0-9_-], never used twice by a sender
 *   x-backlay-signature: hex HMAC-SHA256(secret, METHOD \n path \n timestamp \n nonce \n body)
 *
 * The receiver refuses a call whose timestamp is more than 30 s away from its clock, and a nonce
 * it has already seen inside that window. A retry is signed anew (new timestamp and nonce); the
 * transaction id is what makes a retried movement count once.
 */
export const CASINO_WALLET_TIMESTAMP_HEADER = 'x-backlay-timestamp'
export const CASINO_WALLET_NONCE_HEADER = 'x-backlay-nonce'
export const CASINO_WALLET_MAX_AGE_MS = 30_000

const NONCE = /^[A-Za-z0-9_-]{16,64}$/
const HEX_SHA256 = /^[0-9a-f]{64}$/

export interface CasinoCall {
  method: string
  /** Path and query as sent: `/api/v1/casino-wallet/debit`. */
  path: string
  body: string
}

const signature = (secret: string, call: CasinoCall, timestamp: string, nonce: string) =>
  createHmac('sha256', secret)
    .update([call.method.toUpperCase(), call.path, timestamp, nonce, call.body].join('\n'))
    .digest('hex')

/** The three headers of a signed call: casinoCallHeaders(secret, call, Date.now()). */
export function casinoCallHeaders(
  secret: string,
  call: CasinoCall,
  now: number,
  nonce: string = randomUUID(),
): Record<string, string> {
  const timestamp = String(now)
  return {
    [CASINO_WALLET_TIMESTAMP_HEADER]: timestamp,
    [CASINO_WALLET_NONCE_HEADER]: nonce,
    [CASINO_WALLET_SIGNATURE_HEADER]: signature(secret, call, timestamp, nonce),
  }
}

type HeaderValue = string | string[] | undefined

/**
 * Checks a received call's headers: its nonce when the signature is right and the timestamp
 * within 30 s of `now`, else null. The caller still has to refuse a nonce it has seen.
 */
export function verifiedCasinoNonce(
  secret: string,
  call: CasinoCall,
  headers: Record<string, HeaderValue>,
  now: number,
): string | null {
  const timestamp = headers[CASINO_WALLET_TIMESTAMP_HEADER]
  const nonce = headers[CASINO_WALLET_NONCE_HEADER]
  const received = headers[CASINO_WALLET_SIGNATURE_HEADER]
  if (typeof timestamp !== 'string' || !/^\d{1,15}$/.test(timestamp)) return null
  if (typeof nonce !== 'string' || !NONCE.test(nonce)) return null
  if (typeof received !== 'string' || !HEX_SHA256.test(received)) return null
  if (Math.abs(now - Number(timestamp)) > CASINO_WALLET_MAX_AGE_MS) return null
  const expected = Buffer.from(signature(secret, call, timestamp, nonce), 'hex')
  return timingSafeEqual(expected, Buffer.from(received, 'hex')) ? nonce : null
}
