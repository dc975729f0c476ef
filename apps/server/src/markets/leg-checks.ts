import { acceptBookmakerBet } from '@backlay/exchange/bookmaker'
import type { OddsBet } from '@backlay/exchange/exposure'
import type { Odds, Paise, SelectionId } from '@backlay/exchange/ids'
import { isOnLadder } from '@backlay/exchange/ladder'
import { checkBet, effectiveLimits } from '@backlay/exchange/limits'
import { profitAtOdds } from '@backlay/exchange/money'
import { acceptFancyBet } from '@backlay/exchange/session'
import { type Failure, fail } from '../result'
import type { CatalogueMarket } from './catalogue'
import { bestFancyOutcomeWith, bestOutcomeWith, type MarketState } from './market-state'
import {
  DELAY_PENDING,
  type FancyLeg,
  type OddsLeg,
  type PendingDelay,
  type PlaceOptions,
  positionOfNone,
  TRADE_MSG,
  type Trader,
} from './trade-types'

/*
 * The checks a placement passes on the market as it is (first, and again after the bet delay):
 * the market is open, each leg's runner and price, the stake limits and the delay. Called by the
 * engine's placement plans.
 */

export const delayPending = (
  market: CatalogueMarket,
  options: PlaceOptions,
): PendingDelay | null =>
  market.betDelaySeconds > (options.waitedSeconds ?? 0)
    ? { ...fail(DELAY_PENDING, 'Waiting for the bet delay.'), delaySeconds: market.betDelaySeconds }
    : null

export function marketOpen(
  market: CatalogueMarket | undefined,
  state: MarketState | undefined,
): Failure | null {
  if (!market || !state) return fail('BET.MARKET_NOT_FOUND', TRADE_MSG.notFound)
  if (market.status === 'CLOSED' || state.settled)
    return fail('BET.MARKET_CLOSED', TRADE_MSG.closed)
  if (market.status !== 'OPEN') return fail('BET.MARKET_SUSPENDED', TRADE_MSG.suspended)
  return null
}

export function checkOddsLegs(
  trader: Trader,
  market: CatalogueMarket,
  state: MarketState,
  legs: readonly OddsLeg[],
): Failure | null {
  if (market.kind === 'SESSION') return fail('BET.WRONG_MARKET', TRADE_MSG.wrongCall.fancy)
  const position = state.positions.get(trader.userId)
  const kind = market.kind === 'BOOKMAKER' ? 'bookmaker' : 'odds'
  const limits = effectiveLimits(kind, market.sportId, trader.limits, {
    minStake: market.minStake / 100,
    maxStake: market.maxStake / 100,
    maxProfit: market.maxProfit / 100,
  })
  for (const leg of legs) {
    const runner = market.runners.find((r) => r.selectionId === leg.selectionId)
    if (!runner) return fail('BET.RUNNER_NOT_FOUND', 'Selection not found in this market')
    if (runner.status !== 'ACTIVE') return fail('BET.RUNNER_SUSPENDED', TRADE_MSG.runnerSuspended)
    if (market.kind === 'BOOKMAKER') {
      const quoted = acceptBookmakerBet(
        {
          open: true,
          runners: [
            {
              selectionId: runner.selectionId as SelectionId,
              active: true,
              back: (runner.back[0]?.price ?? 100) - 100,
              lay: (runner.lay[0]?.price ?? 100) - 100,
            },
          ],
        },
        {
          selectionId: leg.selectionId as SelectionId,
          side: leg.side,
          priceActual: leg.odds - 100,
          stake: leg.stake as Paise,
        },
      )
      if (!quoted.ok) return fail('BET.ODDS_CHANGED', TRADE_MSG.oddsChanged)
    } else if (!isOnLadder(leg.odds)) {
      return fail('BET.INVALID_ODDS', TRADE_MSG.offLadder)
    }
    const bet: OddsBet = {
      selectionId: leg.selectionId as SelectionId,
      side: leg.side,
      odds: leg.odds as Odds,
      stake: leg.stake as Paise,
    }
    const checked = checkBet({
      limits,
      stake: leg.stake as Paise,
      odds: leg.odds as Odds,
      profitAfterBet: position
        ? bestOutcomeWith(state, position, bet)
        : (Math.max(
            leg.side === 'BACK' ? profitAtOdds(bet.stake, bet.odds) : bet.stake,
            0,
          ) as Paise),
    })
    if (!checked.ok) return fail(checked.code, checked.msg)
  }
  return null
}

export function checkFancyLeg(
  trader: Trader,
  market: CatalogueMarket,
  state: MarketState,
  leg: FancyLeg,
): Failure | null {
  if (market.kind !== 'SESSION') return fail('BET.WRONG_MARKET', TRADE_MSG.wrongCall.odds)
  const runner = market.runners[0]
  if (runner?.status !== 'ACTIVE') return fail('BET.RUNNER_SUSPENDED', TRADE_MSG.runnerSuspended)
  const accepted = acceptFancyBet(
    {
      active: true,
      yesLine: runner.back[0]?.price ?? -1,
      yesRate: runner.back[0]?.size ?? 0,
      noLine: runner.lay[0]?.price ?? -1,
      noRate: runner.lay[0]?.size ?? 0,
    },
    { side: leg.side, line: leg.line, rate: leg.rate, stake: leg.stake as Paise },
  )
  if (!accepted.ok) {
    return accepted.code === 'BET.ODDS_CHANGED'
      ? fail('BET.ODDS_CHANGED', TRADE_MSG.oddsChanged)
      : fail(accepted.code, accepted.msg)
  }
  const limits = effectiveLimits('fancy', market.sportId, trader.limits, {
    minStake: market.minStake / 100,
    maxStake: market.maxStake / 100,
    maxProfit: market.maxProfit / 100,
  })
  const position = state.positions.get(trader.userId) ?? positionOfNone
  const checked = checkBet({
    limits,
    stake: leg.stake as Paise,
    profitAfterBet: bestFancyOutcomeWith(position, accepted.value),
  })
  if (!checked.ok) return fail(checked.code, checked.msg)
  return null
}
