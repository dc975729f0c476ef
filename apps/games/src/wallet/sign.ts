import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Casino-wallet request signature (see @backlay/contract/casino-wallet): lowercase hex
 * HMAC-SHA256 of the raw body bytes with the shared secret.
 * signBody('s3cret', '{"a":1}') → 64 hex characters
 */
export const signBody = (secret: string, rawBody: string | Buffer): string =>
  createHmac('sha256', secret).update(rawBody).digest('hex')

/** Constant-time check of a received signature header against the raw body. */
export const isValidSignature = (
  secret: string,
  rawBody: string | Buffer,
  header: string | string[] | undefined,
): boolean => {
  if (typeof header !== 'string' || !/^[0-9a-f]{64}$/.test(header)) return false
  return timingSafeEqual(Buffer.from(signBody(secret, rawBody), 'hex'), Buffer.from(header, 'hex'))
}
