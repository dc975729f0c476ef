import type { BetDelays } from '@backlay/contract/bet-settings'
import { betDelayKey } from '@backlay/contract/bet-settings'
import type {
  DetailPriceSize,
  DetailRunner,
  Fancy,
  MarketDetail,
} from '@backlay/contract/match-details'
import { bookmakerDecimal } from '../markets/display'
import type { StakeRange } from '../markets/stake-limits'
import type { SlipSelection } from './stores/bet-slip-store'

/**
 * The delay a bet waits (§9): the user's delay for the market kind when known, else the
 * market's own. delayFor('MATCH_ODDS', '1', 3, { soccerBetDelay: 6, … }) → 6
 */
export const delayFor = (
  marketType: MarketDetail['market_type'],
  eventTypeId: string,
  marketDelay: number,
  delays: BetDelays | undefined,
): number => (delays ? delays[betDelayKey(marketType, eventTypeId)] : marketDelay)

export interface EventInfo {
  eventTypeId: string
  eventId: string
  eventName: string
}

/** A click on a price of a match odds, bookmaker or racing runner. */
export function runnerSelection(
  event: EventInfo,
  market: MarketDetail,
  runner: DetailRunner,
  isBack: boolean,
  offer: DetailPriceSize,
  limits: StakeRange,
  delay: number,
): SlipSelection {
  const isBookmaker = market.market_type === 'BOOKMAKER'
  return {
    ...event,
    marketId: market.market_id,
    marketType: market.market_type,
    marketName: market.market_name,
    runnerId: runner.selectionId,
    runnerName: runner.runnerName,
    isBack,
    price: isBookmaker ? bookmakerDecimal(offer.price) : offer.oprice,
    priceActual: offer.price,
    fancyPrice: 0,
    line: null,
    delay,
    minBet: limits.min,
    maxBet: limits.max,
    inPlay: market.inplay,
  }
}

/** A click on a session line: Yes takes BackPrice1/BackSize1, No LayPrice1/LaySize1. */
export function fancySelection(
  event: EventInfo,
  fancy: Fancy,
  isBack: boolean,
  limits: StakeRange,
  delay: number,
): SlipSelection {
  const line = isBack ? fancy.BackPrice1 : fancy.LayPrice1
  const rate = isBack ? fancy.BackSize1 : fancy.LaySize1
  return {
    ...event,
    marketId: fancy.fancy_id,
    marketType: 'SESSION',
    marketName: fancy.fancy_name,
    runnerId: fancy.fancy_id,
    runnerName: fancy.fancy_name,
    isBack,
    price: line,
    priceActual: line,
    fancyPrice: rate,
    line,
    delay,
    minBet: limits.min,
    maxBet: limits.max,
  }
}
