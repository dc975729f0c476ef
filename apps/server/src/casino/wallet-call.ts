import { casinoCallHeaders } from '@backlay/contract/casino-wallet-signature'
import type { App } from '../app'
import type { Clock } from '../clock'

/**
 * A casino-wallet call exactly as the games server sends it: raw JSON, signed over its bytes
 * with `secret` at the clock's time. For tests that play the games server's part.
 */
export function walletCall(
  app: App,
  clock: Clock,
  path: string,
  body: object,
  secret: string,
  headers: Record<string, string> = {},
) {
  const raw = JSON.stringify(body)
  return app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/json',
      ...headers,
      ...casinoCallHeaders(secret, { method: 'POST', path, body: raw }, clock.now()),
    },
    payload: raw,
  })
}
