import {
  bookmakerPricesRequest,
  correctResultRequest,
  createEventRequest,
  declareResultRequest,
  eventResponse,
  eventsQuery,
  eventsResponse,
  fancyLineRequest,
  idParams,
  marketResponse,
  marketStatusRequest,
  runnerParams,
  runnerStatusRequest,
  settlementResponse,
  sportsResponse,
  updateMarketRequest,
} from '@backlay/contract/admin'
import { riskResponse } from '@backlay/contract/admin-risk'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { catalogueAdmin } from '../../../../admin/catalogue'
import { actorOf, type operatorGuards } from '../../../../admin/guard'
import { correctResult, declareMarketResult } from '../../../../admin/results'
import { marketRisk } from '../../../../admin/risk'
import { sendFailure } from '../../../../http/failure-status'
import { readCatalogueMarket, readCatalogueMarkets } from '../../../../markets/catalogue'
import { houseQuotes, matchOddsMarketIdsOf } from '../../../../markets/house-lines'
import { isExchangeKind } from '../../../../markets/market-state'
import type { Result } from '../../../../result'

type Guards = ReturnType<typeof operatorGuards>

/** Markets: events, limits, suspension, hand prices, results and corrections (changes by admins only), and risk. */
export const marketRoutes: FastifyPluginAsyncZod<{ guards: Guards }> = async (app, { guards }) => {
  const catalogue = catalogueAdmin({
    db: app.db,
    now: () => app.clock.now(),
    publishStatus: (marketId, change) => app.exchange.publishStatus(marketId, change),
    marketChanged: async (marketId) => {
      const market = await readCatalogueMarket(app.db, marketId)
      if (!market) return
      // Turned in-play by hand: its unmatched bets lapse now, as at the feed's turn.
      if (market.inplay && isExchangeKind(market.kind)) await app.exchange.turnInPlay(marketId)
      // A bookmaker line typed by hand bounds its match's exchange quote (house-lines.ts).
      const ids =
        market.kind === 'BOOKMAKER'
          ? await matchOddsMarketIdsOf(app.db, [market.eventId])
          : isExchangeKind(market.kind)
            ? [marketId]
            : []
      const markets = [...(await readCatalogueMarkets(app.db, ids)).values()]
      for (const [id, legs] of await houseQuotes(app.db, markets)) {
        app.exchange.quoted.add(id)
        await app.exchange.requote(id, legs)
      }
    },
  })
  const adminOnly = { onRequest: guards.requireAdmin }
  const answer = <T>(reply: Parameters<typeof sendFailure>[0], result: Result<T>) =>
    result.ok ? { status: true as const, data: result.value } : sendFailure(reply, result)

  app.get('/sports', { schema: { response: { 200: sportsResponse } } }, async () => ({
    status: true as const,
    data: await catalogue.sports(),
  }))

  app.get(
    '/events',
    { schema: { querystring: eventsQuery, response: { 200: eventsResponse } } },
    async (request) => ({ status: true as const, data: await catalogue.listEvents(request.query) }),
  )

  app.get(
    '/events/:id',
    { schema: { params: idParams, response: { 200: eventResponse } } },
    async (request, reply) => {
      const event = await catalogue.event(request.params.id)
      if (!event) return sendFailure(reply, { code: 'EVENT.NOT_FOUND', msg: 'No such event.' })
      return { status: true as const, data: event }
    },
  )

  app.post(
    '/events',
    { ...adminOnly, schema: { body: createEventRequest, response: { 200: eventResponse } } },
    async (request, reply) => {
      const created = await catalogue.createEvent(actorOf(request), request.body)
      if (!created.ok) return sendFailure(reply, created)
      const event = await catalogue.event(created.value.eventId)
      if (!event) throw new Error(`event ${created.value.eventId} vanished after creation`)
      return { status: true as const, data: event }
    },
  )

  app.get(
    '/markets/:id',
    { schema: { params: idParams, response: { 200: marketResponse } } },
    async (request, reply) => {
      const market = await catalogue.view(request.params.id)
      if (!market) return sendFailure(reply, { code: 'MARKET.NOT_FOUND', msg: 'No such market.' })
      return { status: true as const, data: market }
    },
  )

  app.patch(
    '/markets/:id',
    {
      ...adminOnly,
      schema: { params: idParams, body: updateMarketRequest, response: { 200: marketResponse } },
    },
    async (request, reply) =>
      answer(
        reply,
        await catalogue.updateMarket(actorOf(request), request.params.id, request.body),
      ),
  )

  app.post(
    '/markets/:id/status',
    {
      ...adminOnly,
      schema: { params: idParams, body: marketStatusRequest, response: { 200: marketResponse } },
    },
    async (request, reply) =>
      answer(
        reply,
        await catalogue.setMarketStatus(actorOf(request), request.params.id, request.body.status),
      ),
  )

  app.post(
    '/markets/:id/runners/:selectionId/status',
    {
      ...adminOnly,
      schema: {
        params: runnerParams,
        body: runnerStatusRequest,
        response: { 200: marketResponse },
      },
    },
    async (request, reply) =>
      answer(
        reply,
        await catalogue.setRunnerStatus(
          actorOf(request),
          request.params.id,
          request.params.selectionId,
          request.body.status,
        ),
      ),
  )

  app.post(
    '/markets/:id/prices',
    {
      ...adminOnly,
      schema: { params: idParams, body: bookmakerPricesRequest, response: { 200: marketResponse } },
    },
    async (request, reply) =>
      answer(reply, await catalogue.setPrices(actorOf(request), request.params.id, request.body)),
  )

  app.post(
    '/markets/:id/line',
    {
      ...adminOnly,
      schema: { params: idParams, body: fancyLineRequest, response: { 200: marketResponse } },
    },
    async (request, reply) =>
      answer(
        reply,
        await catalogue.setFancyLine(actorOf(request), request.params.id, request.body),
      ),
  )

  app.post(
    '/markets/:id/result',
    {
      ...adminOnly,
      schema: {
        params: idParams,
        body: declareResultRequest,
        response: { 200: settlementResponse },
      },
    },
    async (request, reply) =>
      answer(
        reply,
        await declareMarketResult(
          app,
          actorOf(request),
          request.params.id,
          request.body,
          request.id,
        ),
      ),
  )

  app.post(
    '/markets/:id/correction',
    {
      ...adminOnly,
      schema: {
        params: idParams,
        body: correctResultRequest,
        response: { 200: settlementResponse },
      },
    },
    async (request, reply) =>
      answer(
        reply,
        await correctResult(app, actorOf(request), request.params.id, request.body, request.id),
      ),
  )

  app.get(
    '/markets/:id/risk',
    { schema: { params: idParams, response: { 200: riskResponse } } },
    async (request, reply) =>
      answer(reply, await marketRisk(app.db, actorOf(request), request.params.id)),
  )
}
