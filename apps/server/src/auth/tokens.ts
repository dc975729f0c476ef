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
const ALGORITHM = 'HS256'

/**
 * Issues and verifies HS256 session tokens. Time comes from the injected clock, so tests can
 * expire a token by moving the clock.
 */
export function createTokenService(opts: { secret: string; ttlSeconds: number; clock: Clock }) {
  const key = new TextEncoder().encode(opts.secret)
  const nowSeconds = () => Math.floor(opts.clock.now() / 1000)

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
        .sign(key)
      return { token, expiresAt }
    },

    /** A failure (never a throw) for a malformed, forged or expired token. */
    async verify(
      token: string,
    ): Promise<Result<SessionClaims & { expiresAt: number }, TokenFailureCode>> {
      try {
        const { payload } = await jwtVerify(token, key, {
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
        return success({ userId: sub, brandId: brand, role, sessionId: sid, expiresAt: exp })
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
