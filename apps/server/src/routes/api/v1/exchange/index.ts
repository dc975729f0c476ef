import {
  autoCashOutQuery,
  autoCashOutRequest,
  autoCashOutResponse,
  cashOutQuery,
  cashOutQuoteQuery,
  cashOutQuoteResponse,
  cashOutResponse,
} from '@backlay/contract/bets'
import { ladderQuery, ladderResponse } from '@backlay/contract/ladder'
import { oddsToDecimal, paiseToRupees } from '@backlay/contract/money'
import { priceHistoryQuery, priceHistoryResponse } from '@backlay/contract/price-history'
import { MSG } from '@backlay/contract/validation-messages'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { sendFailure } from '../../../../http/failure-status'
import { betFailureStatus, once, sendBetFailure, traderOf } from '../../../../markets/bet-http'
import { cashOutThroughDelay } from '../../../../markets/cash-out-leg'
import { readLadder, readPriceHistory } from '../../../../use-cases/price-history'

/**
 * GET /exchange/market/priceHistory?marketId=: what was matched on each runner (contract
 * price-history.ts), open to guests like the prices.
 *
 * GET /exchange/order/cashout?marketId=&share=: after the market's bet delay, the hedge of the
 * chosen share of the player's position (all of it by default) is worked out again at the prices
 * of that moment and placed FILL_OR_KILL, so a moved price refuses the cash-out instead of
 * leaving a half hedge. GET /exchange/order/cashoutQuote answers what it would lock in now.
 */
/**
 * A refused cash-out repeats its msg in `data` (§7); a request refused before it reaches the
 * cash-out (no session, a bad query) has the plain failure shape.
 */
const cashOutFailure = z.object({
  status: z.literal(false),
  msg: z.string(),
  code: z.string().optional(),
  data: z.object({ status: z.literal(false), msg: z.string() }).optional(),
})

/** A session whose user can no longer trade (removed or locked since it began). */
const LOGIN_REQUIRED = {
  ok: false,
  code: 'AUTH.LOGIN_REQUIRED',
  msg: 'Please login to place bets',
} as const

const exchangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const engine = app.exchange

  app.get(
    '/market/priceHistory',
    { schema: { querystring: priceHistoryQuery, response: { 200: priceHistoryResponse } } },
    async (request, reply) => {
      const history = await readPriceHistory(app.db, request.query.marketId)
      return history.ok
        ? { status: true as const, data: history.value }
        : sendFailure(reply, history)
    },
  )

  app.get(
    '/market/ladder',
    { schema: { querystring: ladderQuery, response: { 200: ladderResponse } } },
    async (request, reply) => {
      const ladder = await readLadder(app.db, engine, request.query.marketId)
      return ladder.ok ? { status: true as const, data: ladder.value } : sendFailure(reply, ladder)
    },
  )

  app.get(
    '/order/cashout',
    {
      preHandler: app.requireUser,
      schema: {
        querystring: cashOutQuery,
        response: { 200: cashOutResponse, '4xx': cashOutFailure },
      },
    },
    async (request, reply) => {
      const trader = request.user && (await traderOf(app, request.user.userId))
      const { marketId, share } = request.query
      const result = trader
        ? await once(app, request, trader.userId, (key) =>
            cashOutThroughDelay(engine, trader, marketId, share, {
              requestId: request.id,
              ...(key ? { idempotencyKey: key } : {}),
            }),
          )
        : LOGIN_REQUIRED
      if (result.ok) {
        if (trader) await app.autoCashOuts.cancel(trader.userId, marketId, 'manual')
        return {
          status: true,
          msg: MSG.cashOutSuccess,
          data: { status: true, msg: MSG.cashOutSuccess },
        }
      }
      return reply.code(betFailureStatus(result.code) as 400).send({
        status: false as const,
        msg: result.msg,
        code: result.code,
        data: { status: false as const, msg: result.msg },
      })
    },
  )

  app.get(
    '/order/cashoutQuote',
    {
      preHandler: app.requireUser,
      schema: { querystring: cashOutQuoteQuery, response: { 200: cashOutQuoteResponse } },
    },
    async (request, reply) => {
      const trader = request.user && (await traderOf(app, request.user.userId))
      if (!trader) return sendBetFailure(reply, LOGIN_REQUIRED)
      const { marketId, share } = request.query
      const quote = await engine.cashOutLeg(trader, marketId, share)
      if (!quote.ok) return sendBetFailure(reply, quote)
      const { leg, value } = quote.value
      return {
        status: true as const,
        data: {
          share,
          amount: paiseToRupees(value),
          hedge: {
            selection_id: leg.selectionId,
            side: leg.side,
            odds: oddsToDecimal(leg.odds),
            stake: paiseToRupees(leg.stake),
          },
        },
      }
    },
  )

  app.get(
    '/order/autoCashOut',
    {
      preHandler: app.requireUser,
      schema: { querystring: autoCashOutQuery, response: { 200: autoCashOutResponse } },
    },
    async (request) => ({
      status: true as const,
      data: await app.autoCashOuts.get(request.user?.userId ?? '', request.query.marketId),
    }),
  )

  app.post(
    '/order/autoCashOut',
    {
      preHandler: app.requireUser,
      schema: { body: autoCashOutRequest, response: { 200: autoCashOutResponse } },
    },
    async (request, reply) => {
      const trader = request.user && (await traderOf(app, request.user.userId))
      if (!trader) return sendBetFailure(reply, LOGIN_REQUIRED)
      const { marketId, profitTarget, lossLimit } = request.body
      const set = await app.autoCashOuts.set(trader, marketId, { profitTarget, lossLimit })
      if (!set.ok) return sendBetFailure(reply, set)
      return { status: true as const, msg: 'Automatic cash-out set.', data: set.value }
    },
  )

  app.post(
    '/order/autoCashOut/cancel',
    {
      preHandler: app.requireUser,
      schema: { body: autoCashOutQuery, response: { 200: autoCashOutResponse } },
    },
    async (request, reply) => {
      const userId = request.user?.userId ?? ''
      const { marketId } = request.body
      if (!(await app.autoCashOuts.cancel(userId, marketId, 'removed')))
        return sendBetFailure(reply, {
          code: 'CASHOUT.NOT_FOUND',
          msg: 'There is no automatic cash-out on this market.',
        })
      return {
        status: true as const,
        msg: 'Automatic cash-out removed.',
        data: await app.autoCashOuts.get(userId, marketId),
      }
    },
  )
}

export default exchangeRoutes
