import type { PriceSize, Runner } from '@backlay/contract/market'

/** One of the three home-list columns: 1 (first runner), X (the draw), 2 (second runner). */
export interface OutcomeColumn {
  outcome: 'home' | 'draw' | 'away'
  runner: Runner | undefined
  back: PriceSize | undefined
  lay: PriceSize | undefined
}

/**
 * Lays the main market's runners out as 1 / X / 2. Exchanges rank the draw third
 * (home, away, draw), so a three-way market reads [r1, r3, r2]; a two-way one has no X.
 * outcomeColumns([india, australia]) → [india, empty X, australia]
 */
export function outcomeColumns(runners: readonly Runner[]): OutcomeColumn[] {
  const ranked = [...runners].sort((a, b) => a.sort_priority - b.sort_priority)
  const [first, second, draw] = ranked
  const column = (
    outcome: OutcomeColumn['outcome'],
    runner: Runner | undefined,
  ): OutcomeColumn => ({
    outcome,
    runner,
    back: runner?.ex.availableToBack[0],
    lay: runner?.ex.availableToLay[0],
  })
  return [column('home', first), column('draw', draw), column('away', second)]
}
