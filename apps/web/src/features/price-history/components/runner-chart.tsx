import type { DetailRunner, MarketDetail } from '@backlay/contract/match-details'
import { useCallback, useState } from 'react'
import { lazyNamed, OnceOpened } from '../../../lib/lazy-overlay'
import type { ChartTarget } from './price-history-dialog'

// The chart library arrives with the first chart a player opens, not with the page.
const PriceHistoryDialog = lazyNamed(() => import('./price-history-dialog'), 'PriceHistoryDialog')

/**
 * A page's runner charts: `open` is what its market tables call from a runner's chart button,
 * `dialog` the price history the page renders.
 */
export function useRunnerChart() {
  const [target, setTarget] = useState<ChartTarget | null>(null)
  const open = useCallback(
    (market: MarketDetail, runner: DetailRunner) =>
      setTarget({
        marketId: market.market_id,
        selectionId: runner.selectionId,
        runnerName: runner.runnerName,
      }),
    [],
  )
  const dialog = (
    <OnceOpened open={target !== null}>
      <PriceHistoryDialog target={target} onClose={() => setTarget(null)} />
    </OnceOpened>
  )
  return { open, dialog }
}
