import { LOGIN_CLIENT_ID } from '@backlay/contract/auth'

export interface LoginClient {
  id: string
  secret: string
}

/**
 * The clients userLogin answers when a brand lists none of its own: our web app, and the
 * `application:secret` credential that the existing apps of this API family send, so an operator
 * can move such a front end onto Backlay unchanged. Both are public by design.
 */
export const DEFAULT_LOGIN_CLIENTS: readonly LoginClient[] = [
  { id: LOGIN_CLIENT_ID, secret: 'public' },
  { id: 'application', secret: 'secret' },
]

/** The client a Basic authorization header names, when it is one of `clients`; else null. */
export function loginClientOf(
  header: string | undefined,
  clients: readonly LoginClient[],
): LoginClient | null {
  const encoded = /^Basic\s+([A-Za-z0-9+/]+={0,2})$/i.exec(header?.trim() ?? '')?.[1]
  if (!encoded) return null
  const decoded = Buffer.from(encoded, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) return null
  const id = decoded.slice(0, colon)
  const secret = decoded.slice(colon + 1)
  return clients.find((c) => c.id === id && c.secret === secret) ?? null
}
