import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Casino-wallet request signature (@backlay/contract/casino-wallet): lowercase hex HMAC-SHA256 of
 * the raw body bytes with the shared secret, compared in constant time.
 */
export const signCasinoBody = (secret: string, rawBody: string): string =>
  createHmac('sha256', secret).update(rawBody).digest('hex')

export function isValidCasinoSignature(
  secret: string,
  rawBody: string,
  header: string | string[] | undefined,
): boolean {
  if (typeof header !== 'string' || !/^[0-9a-f]{64}$/.test(header)) return false
  return timingSafeEqual(
    Buffer.from(signCasinoBody(secret, rawBody), 'hex'),
    Buffer.from(header, 'hex'),
  )
}
