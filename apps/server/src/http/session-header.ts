import { TOKEN_EXPIRES_IN_HEADER, TOKEN_HEADER } from '@backlay/contract/token-headers'
import type { FastifyReply } from 'fastify'
import type { IssuedToken } from '../auth/tokens'
import type { Clock } from '../clock'

/** Hands a new or renewed session token to the client in the response headers (§7). */
export function sendSessionHeaders(reply: FastifyReply, clock: Clock, session: IssuedToken) {
  reply.header(TOKEN_HEADER, `Bearer ${session.token}`)
  reply.header(TOKEN_EXPIRES_IN_HEADER, String(session.expiresAt - Math.floor(clock.now() / 1000)))
}
