import type { MarketDetail } from '@backlay/contract/match-details'

/** §5: only MATCH_ODDS markets with at most 2 runners where the player has open bets. */
export const cashOutOffered = (
  market: Pick<MarketDetail, 'market_type' | 'runners' | 'bet_count'>,
): boolean =>
  market.market_type === 'MATCH_ODDS' && market.runners.length <= 2 && market.bet_count > 0
