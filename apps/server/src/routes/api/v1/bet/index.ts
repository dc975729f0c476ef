import {
  cancelledBetsResponse,
  cancelUnmatchedBetAllRequest,
  cancelUnmatchedBetRequest,
  changePersistenceRequest,
  changePersistenceResponse,
  fancyLiabilityRequest,
  fancyLiabilityResponse,
  openBetsRequest,
  openBetsResponse,
  orderHistoryRequest,
  orderHistoryResponse,
  type PlacedBet,
  saveBetRequest,
  saveBetResponse,
  saveFancyBetRequest,
  saveHrBetRequest,
  saveHrBetResponse,
  settledBetsRequest,
  settledBetsResponse,
  teamPositionRequest,
  teamPositionResponse,
  unmatchedBetsRequest,
  unmatchedBetsResponse,
} from '@backlay/contract/bets'
import { decimalToOdds, paiseToRupees, rupeesToPaise } from '@backlay/contract/money'
import { fancyExposure } from '@backlay/exchange/session'
import type { FastifyReply, FastifyRequest, FastifyTypeProviderDefault } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { once, sendBetFailure, sendValidationFailure, traderOf } from '../../../../markets/bet-http'
import {
  type BetFilter,
  findOwnOrder,
  listOpenBets,
  listSettledBets,
  marketsWithBets,
} from '../../../../markets/bet-queries'
import { oddsPlacement } from '../../../../markets/odds-placement'
import { readOrderHistory } from '../../../../markets/order-history'
import type { OddsLeg, Placed, Trader } from '../../../../markets/trade-types'
import type { Result } from '../../../../result'

/** The answer to cancelling one or all unmatched bets of a market. */
const cancelledAnswer = (msg: string, done: { betIds: string[]; cancelled: number }) => ({
  status: true as const,
  msg,
  data: { bet_ids: done.betIds, cancelled_stack: paiseToRupees(done.cancelled) },
})

/** The player's bets that a bet-list search names, between its dates. */
const betFilter = (
  trader: Trader,
  { search, from_date, to_date }: z.output<typeof openBetsRequest | typeof settledBetsRequest>,
): BetFilter => ({
  userId: trader.userId,
  matchId: search.match_id,
  marketId: search.market_id,
  sportId: search.sport_id,
  from: from_date,
  to: to_date,
})

/**
 * Bet calls of betting §7. Placement: first check, the market's bet delay on the server, then
 * the engine checks again and commits (exposure, match, rows and ledger in one transaction).
 */
const betRoutes: FastifyPluginAsyncZod = async (app) => {
  const engine = app.exchange

  const withTrader = async (request: FastifyRequest, reply: FastifyReply) => {
    const trader = request.user && (await traderOf(app, request.user.userId))
    if (!trader) {
      sendBetFailure(reply, { code: 'AUTH.LOGIN_REQUIRED', msg: 'Please login to place bets' })
      return null
    }
    return trader
  }

  const placeOdds = oddsPlacement(app)

  const answer = <T>(
    reply: FastifyReply,
    result: Result<Placed>,
    data: (bets: PlacedBet[]) => T,
  ) => {
    app.metrics.observePlacement(result)
    return result.ok
      ? { status: true as const, msg: result.value.msg, data: data(result.value.bets) }
      : sendBetFailure(reply, result)
  }

  /**
   * Registers a bet call for a logged-in trader. Placements attach validation so a bad slip gets
   * the betting failure shape instead of the generic one.
   */
  const traderPost = <B extends z.ZodType, R extends z.ZodType>(
    path: string,
    schema: {
      body: B
      response: R
      attachValidation?: boolean
      /**
       * The answer is one placed bet, always under compression's 1 KB threshold: the route skips
       * compression's three hooks, which every placement otherwise ran for nothing.
       */
      oneBet?: boolean
    },
    handle: (
      trader: Trader,
      request: FastifyRequest<{ Body: z.output<B> }>,
      reply: FastifyReply,
    ) => Promise<z.input<R> | FastifyReply>,
  ) =>
    app.withTypeProvider<FastifyTypeProviderDefault>().post<{ Body: z.output<B> }>(
      path,
      {
        preHandler: app.requireUser,
        attachValidation: schema.attachValidation ?? false,
        ...(schema.oneBet ? { compress: false, decompress: false } : {}),
        schema: { body: schema.body, response: { 200: schema.response } },
      },
      async (request, reply) => {
        if (request.validationError) return sendValidationFailure(reply, request)
        const trader = await withTrader(request, reply)
        if (!trader) return reply
        return handle(trader, request, reply)
      },
    )

  traderPost(
    '/saveBet',
    { body: saveBetRequest, response: saveBetResponse, attachValidation: true, oneBet: true },
    async (trader, request, reply) => {
      const body = request.body
      const leg: OddsLeg = {
        selectionId: body.selection_id,
        side: body.is_back === 1 ? 'BACK' : 'LAY',
        odds: decimalToOdds(body.odds),
        stake: rupeesToPaise(body.stack),
      }
      const result = await once(app, request, trader.userId, (key) =>
        placeOdds(
          trader,
          body.market_id,
          [leg],
          {
            requestId: request.id,
            ...(body.persistence ? { persistence: body.persistence } : {}),
            ...(body.fill_or_kill
              ? {
                  fillOrKill:
                    body.min_fill === undefined ? {} : { minFill: rupeesToPaise(body.min_fill) },
                }
              : {}),
          },
          key,
        ),
      )
      return answer(reply, result, (bets) => bets[0] as PlacedBet)
    },
  )

  traderPost(
    '/saveHrBet',
    { body: saveHrBetRequest, response: saveHrBetResponse, attachValidation: true },
    async (trader, request, reply) => {
      const legs = request.body.map((l) => ({
        selectionId: l.selection_id,
        side: l.is_back === 1 ? ('BACK' as const) : ('LAY' as const),
        odds: decimalToOdds(l.odds),
        stake: rupeesToPaise(l.stack),
      }))
      const marketId = request.body[0]?.market_id ?? ''
      const result = await once(app, request, trader.userId, (key) =>
        placeOdds(trader, marketId, legs, { requestId: request.id }, key),
      )
      return answer(reply, result, (bets) => bets)
    },
  )

  traderPost(
    '/saveFancyBet',
    { body: saveFancyBetRequest, response: saveBetResponse, attachValidation: true, oneBet: true },
    async (trader, request, reply) => {
      const body = request.body
      const leg = {
        side: body.is_back === 1 ? ('YES' as const) : ('NO' as const),
        line: body.run,
        rate: body.size,
        stake: rupeesToPaise(body.stack),
      }
      const result = await once(app, request, trader.userId, (key) =>
        engine.withDelay((delayed) =>
          engine.placeFancy(trader, body.fancy_id, leg, {
            ...delayed,
            requestId: request.id,
            ...(key ? { idempotencyKey: key } : {}),
          }),
        ),
      )
      return answer(reply, result, (bets) => bets[0] as PlacedBet)
    },
  )

  traderPost(
    '/openBets',
    { body: openBetsRequest, response: openBetsResponse },
    async (trader, request) => {
      const { search, page, limit } = request.body
      const part =
        search.delete_status === 1 ? 'cancelled' : search.is_matched === 0 ? 'unmatched' : 'matched'
      const data = await listOpenBets(app.db, betFilter(trader, request.body), part, {
        page,
        limit,
      })
      return { status: true as const, data }
    },
  )

  traderPost(
    '/settledBets',
    { body: settledBetsRequest, response: settledBetsResponse },
    async (trader, request) => {
      const { page, limit } = request.body
      const data = await listSettledBets(app.db, betFilter(trader, request.body), { page, limit })
      return { status: true as const, data }
    },
  )

  traderPost(
    '/unmatchedBets',
    { body: unmatchedBetsRequest.nullish(), response: unmatchedBetsResponse },
    async (trader, request) => {
      const data = await listOpenBets(
        app.db,
        {
          userId: trader.userId,
          matchId: request.body?.match_id,
          marketId: request.body?.market_id,
        },
        'unmatched',
        { page: 1, limit: 500 },
      )
      return { status: true as const, data: data.list }
    },
  )

  traderPost(
    '/cancelUnmatchedBet',
    { body: cancelUnmatchedBetRequest, response: cancelledBetsResponse },
    async (trader, request, reply) => {
      const order = await findOwnOrder(app.db, trader.userId, request.body.bet_id)
      if (!order) return sendBetFailure(reply, { code: 'BET.NOT_FOUND', msg: 'Bet not found' })
      const done = await engine.cancel(trader, order.market_id, [order.id], request.id)
      if (!done.ok) return sendBetFailure(reply, done)
      return cancelledAnswer('Unmatched bet cancelled.', done.value)
    },
  )

  traderPost(
    '/orderHistory',
    { body: orderHistoryRequest, response: orderHistoryResponse },
    async (trader, request, reply) => {
      const history = await readOrderHistory(app.db, trader.userId, request.body.bet_id)
      if (!history.ok) return sendBetFailure(reply, history)
      return { status: true as const, data: history.value }
    },
  )

  traderPost(
    '/changePersistence',
    { body: changePersistenceRequest, response: changePersistenceResponse },
    async (trader, request, reply) => {
      const { bet_id: betId, persistence } = request.body
      const order = await findOwnOrder(app.db, trader.userId, betId)
      if (!order) return sendBetFailure(reply, { code: 'BET.NOT_FOUND', msg: 'Bet not found' })
      const done = await engine.changePersistence(trader, order.market_id, order.id, persistence)
      if (!done.ok) return sendBetFailure(reply, done)
      return {
        status: true as const,
        msg:
          persistence === 'PERSIST'
            ? 'Your bet will be kept in-play.'
            : 'Your bet will lapse when the market turns in-play.',
        data: { bet_id: order.id, persistence },
      }
    },
  )

  traderPost(
    '/cancelUnmatchedBetAll',
    { body: cancelUnmatchedBetAllRequest, response: cancelledBetsResponse },
    async (trader, request, reply) => {
      const done = await engine.cancel(trader, request.body.market_id, 'ALL', request.id)
      if (!done.ok) return sendBetFailure(reply, done)
      return cancelledAnswer('Unmatched bets cancelled.', done.value)
    },
  )

  traderPost(
    '/getTeamPosition',
    { body: teamPositionRequest, response: teamPositionResponse },
    async (trader, request) => {
      const markets = await marketsWithBets(app.db, trader.userId, {
        matchId: request.body.match_id,
        marketId: request.body.market_id,
      })
      const data: Record<string, { selection_id: string; user_pl: number }[]> = {}
      for (const m of markets.filter((m) => m.market_kind !== 'SESSION')) {
        const position = await engine.positionIn(trader.userId, m.market_id)
        if (!position) continue
        data[m.market_id] = position.selectionIds.map((id, i) => ({
          selection_id: id,
          user_pl: paiseToRupees(position.pl[i] ?? 0),
        }))
      }
      return { status: true as const, data }
    },
  )

  traderPost(
    '/getFancyLiability',
    { body: fancyLiabilityRequest, response: fancyLiabilityResponse },
    async (trader, request) => {
      const markets = await marketsWithBets(app.db, trader.userId, {
        matchId: request.body.match_id,
      })
      const data: Record<string, number> = {}
      for (const m of markets.filter((m) => m.market_kind === 'SESSION')) {
        const position = await engine.positionIn(trader.userId, m.market_id)
        if (position) data[m.market_id] = paiseToRupees(fancyExposure(position.fancy).exposure)
      }
      return { status: true as const, data }
    },
  )
}

export default betRoutes
