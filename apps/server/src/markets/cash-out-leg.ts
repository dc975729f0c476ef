import { cashOut } from '@backlay/exchange/cash-out'
import type { OddsBet } from '@backlay/exchange/exposure'
import type { SelectionId } from '@backlay/exchange/ids'
import type { MarketView } from '@backlay/exchange/order-book'
import { bestPricesOf } from '@backlay/exchange/trade'
import { fail, type Result, success } from '../result'
import type { MarketAccess } from './market-access'
import { siteMarketType } from './market-state'
import { type OddsLeg, type Placed, type PlaceOptions, TRADE_MSG, type Trader } from './trade-types'

/** The engine's copy of a user's position in a market (see ExchangeEngine.positionIn). */
export type ExchangePositionReader = (
  userId: string,
  marketId: string,
) => Promise<
  { selectionIds: string[]; matched: OddsBet[]; view: MarketView | undefined } | undefined
>

/**
 * The hedge of `sharePercent` of the user's matched position at the current best prices (MATCH_ODDS
 * with at most 2 runners only; 100 equalises it), as a leg to place FILL_OR_KILL, with what that
 * share locks in (`value`, paise).
 */
export async function cashOutLeg(
  access: MarketAccess & { positionIn: ExchangePositionReader },
  trader: Trader,
  marketId: string,
  sharePercent: number,
): Promise<Result<{ leg: OddsLeg; delay: number; value: number }>> {
  await access.beforeTrade(marketId)
  const market = await access.catalogueMarket(marketId)
  const position = await access.positionIn(trader.userId, marketId)
  // An event's other sports markets (over/under, kind ODDS) are single-winner like match odds.
  const marketType = market && siteMarketType(market.kind, market.sportId)
  if (!market || !position?.view || marketType !== 'MATCH_ODDS') {
    return fail('CASHOUT.NOT_AVAILABLE', 'Cash-out is not available for this market')
  }
  const plan = cashOut(
    {
      marketType,
      selectionIds: position.selectionIds as SelectionId[],
      prices: bestPricesOf(position.view),
    },
    position.matched,
    sharePercent,
  )
  if (!plan.ok) {
    return fail(
      plan.code === 'CASHOUT.NO_PRICE' ? 'BET.NO_LIQUIDITY' : 'CASHOUT.NOT_AVAILABLE',
      plan.code === 'CASHOUT.NO_PRICE' ? TRADE_MSG.noLiquidity : plan.msg,
    )
  }
  const { hedge, value } = plan.value
  return success({
    value,
    leg: {
      selectionId: hedge.selectionId,
      side: hedge.side,
      odds: hedge.odds,
      stake: hedge.stake,
    },
    delay: market.betDelaySeconds,
  })
}

/**
 * Cashes out `sharePercent` of the position as a player's cash-out does: the hedge is worked out,
 * the market's bet delay waited, the hedge worked out again at the prices of that moment and
 * placed FILL_OR_KILL, so a moved price refuses it instead of leaving a half hedge. Used by the
 * cash-out call and by automatic cash-outs.
 */
export async function cashOutThroughDelay(
  engine: {
    cashOutLeg: (trader: Trader, marketId: string, share: number) => ReturnType<typeof cashOutLeg>
    wait: (ms: number) => Promise<void>
    placeOdds: (
      trader: Trader,
      marketId: string,
      legs: readonly OddsLeg[],
      options: PlaceOptions,
    ) => Promise<Result<Placed>>
  },
  trader: Trader,
  marketId: string,
  sharePercent: number,
  options: Pick<PlaceOptions, 'requestId' | 'idempotencyKey'> = {},
): Promise<Result<Placed>> {
  const first = await engine.cashOutLeg(trader, marketId, sharePercent)
  if (!first.ok) return first
  await engine.wait(first.value.delay * 1000)
  const now = await engine.cashOutLeg(trader, marketId, sharePercent)
  if (!now.ok) return now
  const placed = await engine.placeOdds(trader, marketId, [now.value.leg], {
    ...options,
    fillOrKill: {},
    waitedSeconds: first.value.delay,
  })
  // A hedge that cannot match whole is a cash-out without the prices for it, not a cancelled bet.
  return !placed.ok && placed.code === 'BET.NOT_FILLED'
    ? fail('BET.NO_LIQUIDITY', TRADE_MSG.noLiquidity)
    : placed
}
