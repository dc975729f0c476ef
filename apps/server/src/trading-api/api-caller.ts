import type { FastifyInstance, FastifyRequest } from 'fastify'
import { traderOf } from '../markets/bet-http'
import type { Trader } from '../markets/trade-types'
import { ApingError } from './api-errors'
import { type keyReader, useAppKey } from './app-keys'

/** Who makes an API call: the session's player, by one of their application keys. */
export interface ApiCaller {
  userId: string
  trader: Trader
  appKey: string
  request: FastifyRequest
}

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name]
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null
}

/**
 * The caller of a trading-API request from Betfair's headers: X-Application (a live key of the
 * session's player) and X-Authentication (a Backlay session, every session check applied).
 */
export async function apiCaller(
  app: FastifyInstance,
  request: FastifyRequest,
  keys: ReturnType<typeof keyReader>,
): Promise<ApiCaller> {
  const appKey = header(request, 'x-application')
  if (!appKey)
    throw new ApingError(
      'NO_APP_KEY',
      "An application key header ('X-Application') has not been provided in the request",
    )
  const token = header(request, 'x-authentication')
  if (!token)
    throw new ApingError(
      'NO_SESSION',
      "A session token header ('X-Authentication') has not been provided in the request",
    )
  const session = await app.playerSession(token, request)
  if (!session.ok) throw new ApingError('INVALID_SESSION_INFORMATION', session.msg)
  const userId = session.value.userId
  const trader = await keyedTrader(app, keys, userId, appKey)
  request.user = session.value
  return { userId, trader, appKey, request }
}

/**
 * The trader behind a session's player using `appKey`, for either door of the API (HTTP and
 * the stream): a live key of theirs, with the API switched on for them and their brand.
 */
export async function keyedTrader(
  app: FastifyInstance,
  keys: ReturnType<typeof keyReader>,
  userId: string,
  appKey: string,
): Promise<Trader> {
  const key = await keys(appKey)
  if (!key || !(await useAppKey(app.db, userId, appKey, app.clock.now(), key)))
    throw new ApingError(
      'INVALID_APP_KEY',
      'The application key is not one of this account’s live keys.',
    )
  if (!key.allowed)
    throw new ApingError('ACCESS_DENIED', 'The trading API is switched off for this account.')
  const trader = await traderOf(app, userId)
  if (!trader) throw new ApingError('INVALID_SESSION_INFORMATION', 'The session has no player.')
  return trader
}
