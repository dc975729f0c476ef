import type { Odds, Paise, SelectionId } from './ids'

/** One match on the exchange as the history reads it: the price it matched at and the backer's stake. */
export interface Trade {
  readonly selectionId: SelectionId
  readonly odds: Odds
  readonly stake: Paise
  /** epoch ms */
  readonly at: number
}

export interface HistoryPoint {
  /** epoch ms the bucket starts */
  readonly time: number
  /** the last price traded in the bucket */
  readonly odds: Odds
  readonly volume: Paise
}

export interface RunnerHistory {
  readonly selectionId: SelectionId
  readonly lastTradedPrice: Odds | null
  readonly volume: Paise
  /** buckets with trades, oldest first */
  readonly points: HistoryPoint[]
  /** matched volume at each price, lowest price first (Betfair's "traded" view) */
  readonly byPrice: { readonly odds: Odds; readonly volume: Paise }[]
}

/**
 * A market's price history per runner from its trades in match order: last traded price, the
 * matched volume per time bucket (with the bucket's last price) and per price.
 * priceHistory(['A'], [A ₹100 @ 2.00 at 0:10, A ₹50 @ 2.10 at 0:50, A ₹20 @ 2.00 at 1:05], 60_000)
 * → A: last 2.00, ₹170; points [0:00 2.10 ₹150, 1:00 2.00 ₹20]; byPrice [2.00 ₹120, 2.10 ₹50].
 */
export function priceHistory(
  selectionIds: readonly SelectionId[],
  trades: readonly Trade[],
  bucketMs: number,
): RunnerHistory[] {
  const bySelection = new Map<SelectionId, Trade[]>(selectionIds.map((id) => [id, []]))
  for (const trade of trades) bySelection.get(trade.selectionId)?.push(trade)
  return selectionIds.map((selectionId) => {
    const points: { time: number; odds: Odds; volume: number }[] = []
    const byPrice = new Map<Odds, number>()
    let volume = 0
    for (const trade of bySelection.get(selectionId) ?? []) {
      const time = trade.at - (trade.at % bucketMs)
      const last = points.at(-1)
      if (last && last.time === time) {
        last.odds = trade.odds
        last.volume += trade.stake
      } else points.push({ time, odds: trade.odds, volume: trade.stake })
      byPrice.set(trade.odds, (byPrice.get(trade.odds) ?? 0) + trade.stake)
      volume += trade.stake
    }
    return {
      selectionId,
      lastTradedPrice: points.at(-1)?.odds ?? null,
      volume: volume as Paise,
      points: points as HistoryPoint[],
      byPrice: [...byPrice]
        .sort(([a], [b]) => a - b)
        .map(([odds, v]) => ({ odds, volume: v as Paise })),
    }
  })
}
