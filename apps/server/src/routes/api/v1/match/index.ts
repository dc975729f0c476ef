import {
  matchDetailsOpenRequest,
  matchDetailsRequest,
  matchDetailsResponse,
  sportStartRequest,
  sportStartResponse,
  tvUrlRequest,
  tvUrlResponse,
} from '@backlay/contract/match-details'
import {
  type HomeMatchesRequest,
  homeMatchesRequest,
  homeMatchesResponse,
} from '@backlay/contract/matches'
import { searchRequest, searchResponse } from '@backlay/contract/search'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { matchReadsRepository } from '../../../../db/repositories/match-reads'
import { listHomeMatches } from '../../../../use-cases/list-home-matches'
import { matchDetails } from '../../../../use-cases/match-details'
import { searchMatches } from '../../../../use-cases/search-matches'
import { userMarketPositions } from '../../../../use-cases/user-market-positions'

const homeFilter = (body: { sport_id?: string | undefined; series_id?: string | undefined }) => ({
  ...(body.sport_id !== undefined ? { sportId: body.sport_id } : {}),
  ...(body.series_id !== undefined ? { competitionId: body.series_id } : {}),
})

/**
 * Listings, the event page and search (betting §7, shell §7). Each signed-in call has a guest
 * twin that answers the same shape; only match details differ (the user's figures).
 */
const matchRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, books: app.books, exchange: app.exchange }
  const auth = { preHandler: app.requireUser }

  const home = { schema: { body: homeMatchesRequest, response: { 200: homeMatchesResponse } } }
  const homeMatches = async (
    body: HomeMatchesRequest & { sport_id?: string; series_id?: string },
  ) => {
    const data = await listHomeMatches(deps, homeFilter(body))
    return body.limit === undefined
      ? { status: true as const, data }
      : { status: true as const, data: data.slice(0, body.limit), total: data.length }
  }
  app.post('/homeMatchesOpen', home, async (request) => homeMatches(request.body))
  app.post('/homeMatchesV2', { ...home, ...auth }, async (request) => homeMatches(request.body))

  app.post(
    '/matchDetails',
    { ...auth, schema: { body: matchDetailsRequest, response: { 200: matchDetailsResponse } } },
    async (request) => ({
      status: true as const,
      data: await matchDetails(deps, {
        matchId: request.body.match_id,
        marketId: request.body.market_id,
        user: {
          positions: await userMarketPositions(deps, request.user?.userId ?? '', {
            matchId: request.body.match_id,
          }),
        },
      }),
    }),
  )
  app.post(
    '/matchDetailsOpen',
    { schema: { body: matchDetailsOpenRequest, response: { 200: matchDetailsResponse } } },
    async (request) => ({
      status: true as const,
      data: await matchDetails(deps, {
        matchId: request.body.match_id,
        marketId: request.body.market_id,
      }),
    }),
  )

  app.post(
    '/getTvUrlScoreboardUrl',
    { schema: { body: tvUrlRequest, response: { 200: tvUrlResponse } } },
    async (request) => {
      const event = await matchReadsRepository(app.db).findEvent(request.body.match_id)
      return {
        status: true as const,
        // The simulated feed streams no video; the scoreboard is our own match-center call.
        data: {
          tv_url: null,
          scoreboard_url: event ? `/api/v1/match-center/stats/${event.sport_id}/${event.id}` : null,
        },
      }
    },
  )

  app.post(
    '/sportStart',
    { ...auth, schema: { body: sportStartRequest, response: { 200: sportStartResponse } } },
    async (request) => {
      const reads = matchReadsRepository(app.db)
      const rows = await Promise.all(request.body.market_ids.map((id) => reads.findMarket(id)))
      return {
        status: true as const,
        data: rows.flatMap((m) =>
          m
            ? [
                {
                  market_id: m.id,
                  status: m.status,
                  inplay: m.inplay,
                  market_start_time: m.start_time.toISOString(),
                },
              ]
            : [],
        ),
      }
    },
  )

  const search = { schema: { body: searchRequest, response: { 200: searchResponse } } }
  app.post('/getMatches', { ...search, ...auth }, async (request) => ({
    status: true as const,
    data: await searchMatches(app.db, request.body.search),
  }))
  app.post('/matches', search, async (request) => ({
    status: true as const,
    data: await searchMatches(app.db, request.body.search),
  }))
}
export default matchRoutes
