import { z } from 'zod'
import { ok } from './envelope'
import { decimalOdds, rupees } from './money'
import { idText } from './wire'

/**
 * GET exchange/market/priceHistory?marketId= (ours, public): what was matched on each runner of
 * an exchange market — the last traded price, the matched volume per minute with that minute's
 * last price (the chart), and per price (the "traded" view) — beside the feed's own figures
 * when the feed has them (Betfair's). The stream's `trades` messages carry each new match.
 */
export const PRICE_HISTORY_BUCKET_SECONDS = 60

export const priceHistoryQuery = z.strictObject({ marketId: idText })

export const historyPoint = z.object({
  /** epoch seconds the minute starts */
  time: z.number().int(),
  price: decimalOdds,
  volume: rupees,
})
export type HistoryPoint = z.infer<typeof historyPoint>

export const runnerHistory = z.object({
  selectionId: z.string(),
  lastTradedPrice: decimalOdds.nullable(),
  tradedVolume: rupees,
  points: z.array(historyPoint),
  traded: z.array(z.object({ price: decimalOdds, volume: rupees })),
  /** The feed's last traded price and total matched; null from a feed without them. */
  feed: z.object({ lastTradedPrice: decimalOdds.nullable(), tradedVolume: rupees }).nullable(),
})
export type RunnerHistory = z.infer<typeof runnerHistory>

export const priceHistoryResponse = ok(
  z.object({ marketId: z.string(), runners: z.array(runnerHistory) }),
)
export type PriceHistoryResponse = z.infer<typeof priceHistoryResponse>
