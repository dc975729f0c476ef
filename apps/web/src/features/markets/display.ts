import type { MarketType } from '@backlay/contract/market'
import type { Fancy, MarketDetail } from '@backlay/contract/match-details'
import { formatOdds, formatVolume } from '../../lib/format'

/** Betting §3/§5 display rules of the odds tables, kept pure so they are tested without a page. */

/** Ids carrying `_BR` hide their volume (betting §5). */
export const hidesVolume = (marketId: string): boolean => marketId.includes('_BR')

/** Sportsbook markets (id ending `_SB`) show their odds as (price − 1) × 100. */
export const isSportsbook = (marketId: string): boolean => marketId.endsWith('_SB')

/**
 * The size line under a price: rounded up after the brand's multiplier, capped at '500.000+',
 * empty for `_BR` ids. sizeText('1.2', 1234.2) → '1,235'; sizeText('9_BR', 50) → ''
 */
export const sizeText = (marketId: string, size: number, volumeMultiplier = 1): string =>
  hidesVolume(marketId) ? '' : formatVolume(size, volumeMultiplier)

/**
 * The price line of a cell. Bookmaker cells show the rate as quoted (95); sportsbook odds read as
 * (price − 1) × 100; everything else as decimal odds.
 * priceText('1.5_SB', 'MATCH_ODDS', 1.85) → '85'; priceText('1.2', 'MATCH_ODDS', 1.5) → '1.5'
 */
export const priceText = (marketId: string, marketType: MarketType, price: number): string => {
  if (price <= 0) return '-'
  if (isSportsbook(marketId)) return formatOdds((price - 1) * 100)
  if (marketType === 'BOOKMAKER') return String(Math.round(price))
  return formatOdds(price)
}

/** Bookmaker rate → decimal odds (betting §5 priceActual / 100 + 1): bookmakerDecimal(95) → 1.95 */
export const bookmakerDecimal = (priceActual: number): number =>
  Math.round((priceActual / 100 + 1) * 100) / 100

/** Betting §4: not OPEN, or runner not ACTIVE → SUSPENDED text, no clicks. */
export const isRunnerSuspended = (market: Pick<MarketDetail, 'status'>, runnerStatus: string) =>
  market.status !== 'OPEN' || runnerStatus !== 'ACTIVE'

/** A market is all-suspended when no runner has a status other than SUSPENDED (or it is not OPEN). */
export const isMarketSuspended = (market: Pick<MarketDetail, 'status' | 'runners'>): boolean =>
  market.status !== 'OPEN' || market.runners.every((r) => r.status !== 'ACTIVE')

/** Fancy lines are suspended unless OPEN and is_active 1. */
export const isFancySuspended = (fancy: Pick<Fancy, 'status' | 'is_active'>): boolean =>
  fancy.status !== 'OPEN' || fancy.is_active !== 1

/** Category 4 lines (odd/even style) have no No side: the lay cell shows dashes. */
export const fancyHasLay = (fancy: Pick<Fancy, 'category'>): boolean => fancy.category !== 4

/** Betting §5: a click needs an active cell and a price above 0. */
export const canClickCell = (suspended: boolean, price: number | undefined): boolean =>
  !suspended && price !== undefined && price > 0

/** Exactly three cells per side, best nearest the centre: pads with empty cells. */
export const threeCells = <T>(offers: readonly T[]): (T | undefined)[] => [
  offers[0],
  offers[1],
  offers[2],
]
