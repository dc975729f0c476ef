import type { CasinoGameId } from '@backlay/contract/casino-launch'
import { LAUNCH_TOKEN_TTL_SECONDS } from '@backlay/contract/casino-launch'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { sendFailure } from '../http/failure-status'
import { mintLaunchToken } from './launch-tokens'

const UNKNOWN_GAME = { code: 'CASINO.NOT_FOUND', msg: 'This game is not available.' } as const

/**
 * The launch URL of `game` for the request's player (guests and demo users never get here: the
 * routes refuse them first), or a 404 answer when the spec-side id names no game of ours.
 */
export async function launchUrlFor(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  game: CasinoGameId | undefined,
): Promise<string | undefined> {
  if (!game || !request.user) {
    await sendFailure(reply, UNKNOWN_GAME)
    return undefined
  }
  const token = await mintLaunchToken(app.db, app.clock, {
    userId: request.user.userId,
    game,
    ttlSeconds: LAUNCH_TOKEN_TTL_SECONDS,
  })
  const url = new URL('/launch', app.config.GAMES_ORIGIN)
  url.searchParams.set('token', token)
  url.searchParams.set('game', game)
  return url.href
}
