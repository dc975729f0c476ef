import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { FORBIDDEN } from '../admin/guard'
import { createLoginGuard, type LoginGuard } from '../auth/login-guard'
import { createTokenService, type SessionClaims, type TokenService } from '../auth/tokens'
import type { UserRole } from '../db/schema'
import { sendFailure } from '../http/failure-status'
import { sendSessionHeaders } from '../http/session-header'
import { jwtSecret } from '../kept-secrets'
import type { Failure, Result } from '../result'
import { renewSessionIfDue, type SessionCheck, sessionCheck } from '../use-cases/sessions'

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService
    /** Failed-login protection: the login call's checks and the back office's unlock. */
    loginGuard: LoginGuard
    /** preHandler for player routes: `{ preHandler: app.requireUser }`. Operators get 403. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
    /** The same for the back office: operator tokens only (the admin guard adds the rest). */
    requireOperatorSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
    addSessionCheck: (check: SessionCheck) => void
    /**
     * A player's live session from a bare token, every check applied (another door's header,
     * the trading API's X-Authentication); renewal is the caller's.
     */
    playerSession: (token: string, request: FastifyRequest) => Promise<Result<VerifiedSession>>
    /** The live-session check alone (the stream's, whose sockets the added checks do not gate). */
    checkSession: SessionCheck
  }
  interface FastifyRequest {
    /** Set by requireUser / requireOperatorSession on protected routes. */
    user: SessionClaims | null
  }
}

const BEARER = /^Bearer\s+(\S+)$/i

/** A token's claims once it verified, with when it expires (epoch seconds). */
export type VerifiedSession = SessionClaims & { expiresAt: number }

const WRONG_ROLE: Record<UserRole, Failure> = {
  player: { ok: false, code: 'AUTH.FORBIDDEN', msg: 'This call is for players only.' },
  operator: { ok: false, ...FORBIDDEN },
}

/**
 * Session tokens: the token service plus the two preHandlers that decide, in this one place,
 * which role a route serves. They answer 401 `{status:false,msg,code}` without a live session,
 * 403 for the other role's token, and hand back a renewed token in the authorization response
 * header when the old one ages.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const tokens = createTokenService({
      secret: jwtSecret(app.config),
      ttlSeconds: app.config.JWT_TTL_SECONDS,
      clock: app.clock,
    })
    // Every protected call needs a live session row for its token (logout, password change).
    const checkSession = sessionCheck(app.db, app.clock, app.ownWrites)
    const checks: SessionCheck[] = [checkSession]
    app.decorate('tokens', tokens)
    app.decorate('loginGuard', createLoginGuard(app.clock))
    app.decorate('checkSession', checkSession)
    app.decorate('addSessionCheck', (check: SessionCheck) => {
      checks.push(check)
    })
    app.decorateRequest('user', null)
    const sessionOf = async (
      token: string,
      role: UserRole,
      request: FastifyRequest,
    ): Promise<Result<VerifiedSession>> => {
      const verified = await tokens.verify(token)
      if (!verified.ok) return verified
      if (verified.value.role !== role) return WRONG_ROLE[role]
      // The checks read the store side by side (one round trip, not one each); the first
      // check's refusal still wins, so a dead session answers 401 before anything else.
      const claims = verified.value
      const refused = (await Promise.all(checks.map((check) => check(claims, request)))).find(
        (failure) => failure !== null,
      )
      return refused ?? verified
    }
    app.decorate('playerSession', (token: string, request: FastifyRequest) =>
      sessionOf(token, 'player', request),
    )
    const requireRole =
      (role: UserRole) => async (request: FastifyRequest, reply: FastifyReply) => {
        const match = BEARER.exec(request.headers.authorization ?? '')
        if (!match?.[1]) {
          return sendFailure(reply, {
            code: 'AUTH.UNAUTHORIZED',
            msg: 'Please log in to continue.',
          })
        }
        const session = await sessionOf(match[1], role, request)
        if (!session.ok) return sendFailure(reply, session)
        request.user = session.value
        const renewed = await renewSessionIfDue(
          app.db,
          tokens,
          app.clock,
          app.config.JWT_TTL_SECONDS,
          session.value,
        )
        if (renewed) sendSessionHeaders(reply, app.clock, renewed)
      }
    app.decorate('requireUser', requireRole('player'))
    app.decorate('requireOperatorSession', requireRole('operator'))
  },
  { name: 'auth', dependencies: ['app-context', 'database'] },
)
