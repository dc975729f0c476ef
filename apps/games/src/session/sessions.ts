import { randomBytes } from 'node:crypto'

export type Session = { playerId: string; displayName: string; expiresAt: number }

const SESSION_TTL_MS = 12 * 60 * 60 * 1000
const TOKEN_MEMORY_MS = 10 * 60 * 1000

/**
 * Game sessions opened from launch tokens. The session id travels in a header (and in the
 * WebSocket URL), not a cookie: third-party cookies inside the brand's frame are blocked by browsers.
 * A launch token opens one session only, even though the wallet answers a repeated authenticate.
 */
export const createSessions = (now: () => number) => {
  const sessions = new Map<string, Session>()
  const usedTokens = new Map<string, number>()

  const sweep = (t: number) => {
    for (const [id, s] of sessions) if (s.expiresAt <= t) sessions.delete(id)
    for (const [token, at] of usedTokens) if (at + TOKEN_MEMORY_MS <= t) usedTokens.delete(token)
  }

  return {
    /** Marks a launch token as used; false when it was used before. */
    claimToken(token: string): boolean {
      const t = now()
      sweep(t)
      if (usedTokens.has(token)) return false
      usedTokens.set(token, t)
      return true
    },
    open(playerId: string, displayName: string): string {
      const id = randomBytes(32).toString('base64url')
      sessions.set(id, { playerId, displayName, expiresAt: now() + SESSION_TTL_MS })
      return id
    },
    find(id: string | undefined): Session | undefined {
      if (!id) return undefined
      const s = sessions.get(id)
      if (!s || s.expiresAt <= now()) return undefined
      s.expiresAt = now() + SESSION_TTL_MS
      return s
    },
  }
}
export type Sessions = ReturnType<typeof createSessions>
