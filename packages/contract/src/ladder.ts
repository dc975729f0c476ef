import { z } from 'zod'
import { ok } from './envelope'
import { decimalOdds, rupees } from './money'
import { idText } from './wire'

/** One price of a ladder and the rupees there; a stream change with size 0: none left there. */
export const depthLevel = z.object({ price: decimalOdds, size: rupees })
export type DepthLevel = z.infer<typeof depthLevel>

/** Every price of a runner's book (Betfair's EX_ALL_OFFERS and EX_TRADED). */
export const runnerDepth = z.object({
  selectionId: z.string(),
  /** every resting lay, highest price first: what a backer can take */
  back: z.array(depthLevel),
  /** every resting back, lowest price first: what a layer can take */
  lay: z.array(depthLevel),
  /** what matched at each price, lowest first */
  traded: z.array(depthLevel),
  lastTradedPrice: decimalOdds.nullable(),
})
export type RunnerDepth = z.infer<typeof runnerDepth>

/**
 * GET exchange/market/ladder?marketId= (ours, public): every runner's whole book for the
 * one-click ladder. The stream's ladder channel (contract stream.ts `depth`) sends the same
 * as its image and then only the prices that change; this call is its fallback.
 */
export const ladderQuery = z.strictObject({ marketId: idText })

export const marketDepth = z.object({ marketId: z.string(), runners: z.array(runnerDepth) })
export type MarketDepth = z.infer<typeof marketDepth>

export const ladderResponse = ok(marketDepth)
