import {
  raceOddsRequest,
  raceOddsResponse,
  racingMarketsRequest,
  racingMarketsResponse,
} from '@backlay/contract/racing'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sendFailure } from '../../../../http/failure-status'
import { marketDetailById } from '../../../../use-cases/match-details'
import { racingMarkets } from '../../../../use-cases/racing-markets'
import { userMarketPositions } from '../../../../use-cases/user-market-positions'

const RACE_NOT_FOUND = { code: 'MARKET.NOT_FOUND', msg: 'This race is no longer available.' }

/** Racing pages (betting §2, §7): the race list and one race's odds, each with a guest twin. */
const marketRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, books: app.books, exchange: app.exchange }
  const auth = { preHandler: app.requireUser }

  const list = { schema: { body: racingMarketsRequest, response: { 200: racingMarketsResponse } } }
  const races = async (sportId: string) => ({
    status: true as const,
    data: await racingMarkets(deps, sportId),
  })
  app.post('/allRacingMarkets', { ...list, ...auth }, async (request) =>
    races(request.body.sport_id),
  )
  app.post('/allRacingMarketsOpen', list, async (request) => races(request.body.sport_id))

  const odds = { schema: { body: raceOddsRequest, response: { 200: raceOddsResponse } } }
  app.post('/raceOdds', { ...odds, ...auth }, async (request, reply) => {
    const race = await marketDetailById(deps, {
      matchId: request.body.match_id,
      marketId: request.body.market_id,
      user: {
        positions: await userMarketPositions(deps, request.user?.userId ?? '', {
          matchId: request.body.match_id,
          marketId: request.body.market_id,
        }),
      },
    })
    return race ? { status: true as const, data: race } : sendFailure(reply, RACE_NOT_FOUND)
  })
  app.post('/raceOddsOpen', odds, async (request, reply) => {
    const race = await marketDetailById(deps, {
      matchId: request.body.match_id,
      marketId: request.body.market_id,
    })
    return race ? { status: true as const, data: race } : sendFailure(reply, RACE_NOT_FOUND)
  })
}
export default marketRoutes
