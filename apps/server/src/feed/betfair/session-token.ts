import { z } from 'zod'
import { httpsPost } from './https-post'

/** Where a session token for the stream comes from, and what to do when Betfair refuses it. */
export interface SessionSource {
  token(): Promise<string>
  /** Betfair refused the token (expired, logged out): the next `token()` fetches a new one. */
  refused(): void
}

/** A token an operator pasted in: used as it is, every time. */
export const fixedSession = (token: string): SessionSource => ({
  token: async () => token,
  refused: () => undefined,
})

export interface CertLoginSettings {
  url: string
  appKey: string
  username: string
  password: string
  /** PEM of the client certificate registered with the Betfair account, and its key. */
  cert: string
  key: string
  /** Certificates to trust besides the system's (a test's own server). */
  ca?: string
}

const certLoginAnswer = z.object({
  loginStatus: z.string(),
  sessionToken: z.string().optional(),
})

/**
 * Betfair's non-interactive (bot) login: the username and password posted over TLS with the
 * account's client certificate, answered with a session token. Rejects with Betfair's login
 * status (INVALID_USERNAME_OR_PASSWORD, CERT_AUTH_REQUIRED, …) when it does not succeed.
 */
export async function certLogin(settings: CertLoginSettings): Promise<string> {
  const body = new URLSearchParams({
    username: settings.username,
    password: settings.password,
  }).toString()
  const { status, json } = await httpsPost(settings.url, body, {
    cert: settings.cert,
    key: settings.key,
    ...(settings.ca ? { ca: settings.ca } : {}),
    headers: {
      'X-Application': settings.appKey,
      'content-type': 'application/x-www-form-urlencoded',
    },
  })
  const answer = certLoginAnswer.safeParse(json)
  if (!answer.success) throw new Error(`betfair login: HTTP ${status}, unreadable answer`)
  if (answer.data.loginStatus !== 'SUCCESS' || !answer.data.sessionToken)
    throw new Error(`betfair login refused: ${answer.data.loginStatus}`)
  return answer.data.sessionToken
}

/** Logs in with the certificate when it has no token, and again after Betfair refuses one. */
export function certLoginSession(settings: CertLoginSettings): SessionSource {
  let current: Promise<string> | null = null
  return {
    token() {
      current ??= certLogin(settings).catch((error: unknown) => {
        current = null
        throw error
      })
      return current
    },
    refused() {
      current = null
    },
  }
}
