import type { DetailRunner, MarketDetail } from '@backlay/contract/match-details'
import { useCallback, useState } from 'react'
import { lazyNamed, OnceOpened } from '../../../lib/lazy-overlay'
import type { SelectOdds } from '../../markets/components/market-table'
import type { LadderTarget } from './ladder-dialog'

const LadderDialog = lazyNamed(() => import('./ladder-dialog'), 'LadderDialog')

/**
 * A page's one-click ladders: `open` is what its market tables call from a runner's ladder
 * button, `dialog` the ladder the page renders; `onPrice` places or fills the slip.
 */
export function useRunnerLadder(matchId: string, onPrice: SelectOdds) {
  const [target, setTarget] = useState<LadderTarget | null>(null)
  const open = useCallback(
    (market: MarketDetail, runner: DetailRunner) => setTarget({ market, runner, matchId }),
    [matchId],
  )
  const dialog = (
    <OnceOpened open={target !== null}>
      <LadderDialog target={target} onClose={() => setTarget(null)} onPrice={onPrice} />
    </OnceOpened>
  )
  return { open, dialog }
}
