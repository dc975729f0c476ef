import type { Fancy, MarketDetail } from '@backlay/contract/match-details'
import { useEffect } from 'react'
import { bookmakerDecimal } from '../../markets/display'
import { useBetSlip } from '../stores/bet-slip-store'

/**
 * Keeps the selected price in step with the market while stage 1 is open, so the slip shows
 * the odds-changed notice (§2) instead of silently sending a stale price.
 */
export function useFollowLivePrice(
  markets: readonly MarketDetail[] | undefined,
  fancies: readonly Fancy[] | undefined,
) {
  useEffect(() => {
    const { selection, livePrice } = useBetSlip.getState()
    if (!selection) return
    if (selection.marketType === 'SESSION') {
      const line = fancies?.find((f) => f.fancy_id === selection.runnerId)
      if (!line) return
      const run = selection.isBack ? line.BackPrice1 : line.LayPrice1
      const rate = selection.isBack ? line.BackSize1 : line.LaySize1
      if (run > 0) livePrice(run, run, rate)
      return
    }
    const market = markets?.find((m) => m.market_id === selection.marketId)
    const runner = market?.runners.find((r) => r.selectionId === selection.runnerId)
    const best = selection.isBack ? runner?.ex.availableToBack[0] : runner?.ex.availableToLay[0]
    if (!market || !best) return
    const price = market.market_type === 'BOOKMAKER' ? bookmakerDecimal(best.price) : best.oprice
    livePrice(price, best.price)
  }, [markets, fancies])
}
