import { beatsOtherLine, type OutcomePrices } from '@backlay/exchange/house-lines'
import type { Odds } from '@backlay/exchange/ids'
import type { PriceLevel } from '../db/schema'
import type { CatalogueMarket } from './catalogue'
import type { OddsLeg } from './exchange-engine'

/** No single market-maker order risks more than ₹1,00,000: deep enough for a player, bounded for the house. */
const MAX_RISK = 1_00_000 * 100

const stakeFor = (side: 'BACK' | 'LAY', level: PriceLevel) => {
  const cap = side === 'BACK' ? MAX_RISK : Math.floor((MAX_RISK * 100) / (level.price - 100))
  return Math.min(level.size, cap)
}

/**
 * The market maker's quote for an exchange market: around the feed's fair price, it lays at each
 * level the feed offers backers and backs at each level it offers layers, so both sides of every
 * active runner are populated and a lone player is matched. A level that the event's bookmaker
 * line beats for the player (`bookmaker`, per selection) is left out: backing here above the
 * bookmaker's lay, or laying here below its back, would hedge into a sure profit.
 * quoteFor(market with runner A back 2.00 / lay 2.02) → [LAY A @ 2.00, BACK A @ 2.02, …]
 */
export function quoteFor(
  market: Pick<CatalogueMarket, 'status' | 'runners'>,
  bookmaker?: ReadonlyMap<string, OutcomePrices>,
): OddsLeg[] {
  if (market.status !== 'OPEN') return []
  const legs: OddsLeg[] = []
  for (const runner of market.runners) {
    if (runner.status !== 'ACTIVE') continue
    const other = bookmaker?.get(runner.selectionId)
    const beaten = (side: 'BACK' | 'LAY', level: PriceLevel) =>
      other !== undefined && beatsOtherLine(side, level.price as Odds, other, 0)
    for (const level of runner.back) {
      if (beaten('BACK', level)) continue
      const stake = stakeFor('LAY', level)
      if (stake > 0)
        legs.push({ selectionId: runner.selectionId, side: 'LAY', odds: level.price, stake })
    }
    for (const level of runner.lay) {
      if (beaten('LAY', level)) continue
      const stake = stakeFor('BACK', level)
      if (stake > 0)
        legs.push({ selectionId: runner.selectionId, side: 'BACK', odds: level.price, stake })
    }
  }
  return legs
}
