import type { FastifyInstance } from 'fastify'
import { houseLineGuard } from './house-lines'
import type { OddsLeg, PlaceOptions, Trader } from './trade-types'

export type OddsPlacement = (
  trader: Trader,
  marketId: string,
  legs: OddsLeg[],
  options: Pick<PlaceOptions, 'requestId' | 'persistence' | 'fillOrKill' | 'refs'>,
  key?: string,
) => ReturnType<FastifyInstance['exchange']['placeOdds']>

/**
 * The one way odds bets are placed, whichever door they come through (the web's saveBet, the
 * trading API's placeOrders): the market's bet delay, then the house-line guard on every attempt
 * (so a line that drifted during the delay is caught too), then the engine's checks and commit.
 */
export function oddsPlacement(app: FastifyInstance): OddsPlacement {
  const engine = app.exchange
  const guardHouseLines = houseLineGuard({
    db: app.db,
    clock: app.clock,
    books: engine,
    log: app.log,
    toleranceBp: app.config.HOUSE_LINE_TOLERANCE_BP,
  })
  return (trader, marketId, legs, options, key) =>
    engine.withDelay(
      async (delayed) =>
        (await guardHouseLines(marketId, legs)) ??
        engine.placeOdds(trader, marketId, legs, {
          ...delayed,
          ...options,
          ...(key ? { idempotencyKey: key } : {}),
        }),
    )
}
