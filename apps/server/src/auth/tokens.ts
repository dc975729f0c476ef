import { randomUUID } from 'node:crypto'
import { errors, jwtVerify, SignJWT } from 'jose'
import type { Clock } from '../clock'
import type { UserRole } from '../db/schema'
import { fail, type Result, success } from '../result'

/** Who a session token speaks for. `sessionId` lets the accounts work revoke one session server-side. */
export interface SessionClaims {
  userId: string
  brandId: string
  role: UserRole
  sessionId: string
}

export interface IssuedToken {
  token: string
  /** Seconds since the epoch, as the client stores it. */
  expiresAt: number
}

export type TokenFailureCode = 'AUTH.UNAUTHORIZED'

const ISSUER = 'backlay'
const VERIFIED_TOKENS_KEPT = 10_000
const ALGORITHM = 'HS256'

/**
 * Issues and verifies HS256 session tokens. Time comes from the injected clock, so tests can
 * expire a token by moving the clock.
 */
export function createTokenService(opts: { secret: string; ttlSeconds: number; clock: Clock }) {
  // Imported once: jose would otherwise import the raw secret again on every verify.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(opts.secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  )
  const nowSeconds = () => Math.floor(opts.clock.now() / 1000)
  // A token that verified once verifies again until it expires: its claims are kept so a busy
  // session (every bet) pays for the signature check once. Oldest first out when full.
  const verified = new Map<string, SessionClaims & { expiresAt: number }>()

  return {
    async issue(
      claims: Omit<SessionClaims, 'sessionId'> & { sessionId?: string },
    ): Promise<IssuedToken> {
      const issuedAt = nowSeconds()
      const expiresAt = issuedAt + opts.ttlSeconds
      const token = await new SignJWT({
        brand: claims.brandId,
        role: claims.role,
        sid: claims.sessionId ?? randomUUID(),
      })
        .setProtectedHeader({ alg: ALGORITHM })
        .setIssuer(ISSUER)
        .setSubject(claims.userId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(await key)
      return { token, expiresAt }
    },

    /** A failure (never a throw) for a malformed, forged or expired token. */
    async verify(
      token: string,
    ): Promise<Result<SessionClaims & { expiresAt: number }, TokenFailureCode>> {
      const known = verified.get(token)
      if (known) {
        return known.expiresAt <= nowSeconds()
          ? fail('AUTH.UNAUTHORIZED', 'Session expired. Please log in again.')
          : success(known)
      }
      try {
        const { payload } = await jwtVerify(token, await key, {
          issuer: ISSUER,
          algorithms: [ALGORITHM],
          currentDate: new Date(opts.clock.now()),
        })
        const { sub, brand, role, sid, exp } = payload
        if (
          typeof sub !== 'string' ||
          typeof brand !== 'string' ||
          (role !== 'player' && role !== 'operator') ||
          typeof sid !== 'string' ||
          typeof exp !== 'number'
        ) {
          return fail('AUTH.UNAUTHORIZED', 'Invalid session. Please log in again.')
        }
        const claims: SessionClaims & { expiresAt: number } = {
          userId: sub,
          brandId: brand,
          role,
          sessionId: sid,
          expiresAt: exp,
        }
        if (verified.size >= VERIFIED_TOKENS_KEPT) {
          const oldest = verified.keys().next().value
          if (oldest !== undefined) verified.delete(oldest)
        }
        verified.set(token, claims)
        return success(claims)
      } catch (err) {
        if (err instanceof errors.JWTExpired)
          return fail('AUTH.UNAUTHORIZED', 'Session expired. Please log in again.')
        if (err instanceof errors.JOSEError)
          return fail('AUTH.UNAUTHORIZED', 'Invalid session. Please log in again.')
        throw err
      }
    },
  }
}

export type TokenService = ReturnType<typeof createTokenService>
