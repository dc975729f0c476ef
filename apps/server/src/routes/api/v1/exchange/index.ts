import { cashOutQuery, cashOutResponse } from '@backlay/contract/bets'
import { MSG } from '@backlay/contract/validation-messages'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { betFailureStatus, once, traderOf } from '../../../../markets/bet-http'

/**
 * GET /exchange/order/cashout?marketId=: after the market's bet delay, the hedge that equalises
 * the player's position is worked out again at the prices of that moment and placed
 * FILL_OR_KILL, so a moved price refuses the cash-out instead of leaving a half hedge.
 */
const cashOutFailure = z.object({
  status: z.literal(false),
  msg: z.string(),
  code: z.string(),
  data: z.object({ status: z.literal(false), msg: z.string() }),
})

const exchangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const engine = app.exchange
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
      const marketId = request.query.marketId
      const result = trader
        ? await once(app, request, trader.userId, async (key) => {
            const first = await engine.cashOutLeg(trader, marketId)
            if (!first.ok) return first
            await engine.wait(first.value.delay * 1000)
            const now = await engine.cashOutLeg(trader, marketId)
            if (!now.ok) return now
            return engine.placeOdds(trader, marketId, [now.value.leg], {
              fillOrKill: true,
              waitedSeconds: first.value.delay,
              ...(key ? { idempotencyKey: key } : {}),
            })
          })
        : ({ ok: false, code: 'AUTH.LOGIN_REQUIRED', msg: 'Please login to place bets' } as const)
      if (result.ok) {
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
}

export default exchangeRoutes
