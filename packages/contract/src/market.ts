import { z } from 'zod'

/**
 * Market and runner shapes shared by every call that shows odds (home lists, match details,
 * racing, stream images). Prices are decimal odds on the ladder; sizes are rupees.
 */

/** Exchange kinds plus the racing win market; `BOOKMAKER` is what the spec also calls `Special`. */
export const marketType = z.enum(['MATCH_ODDS', 'BOOKMAKER', 'SESSION', 'WIN'])
/**
 * The operator's view adds ODDS: an event's other exchange markets (a race's place market,
 * over/under), which the player's site shows as match odds or win markets.
 */
export const marketKind = z.enum([...marketType.options, 'ODDS'])
export type MarketType = z.infer<typeof marketType>

export const marketStatus = z.enum(['OPEN', 'SUSPENDED', 'CLOSED'])
export type MarketStatus = z.infer<typeof marketStatus>

/** WINNER / LOSER / REMOVED appear once a market is settled or a runner is withdrawn. */
export const runnerStatus = z.enum(['ACTIVE', 'SUSPENDED', 'WINNER', 'LOSER', 'REMOVED'])
export type RunnerStatus = z.infer<typeof runnerStatus>

export const priceSize = z.object({
  price: z.number(),
  size: z.number(),
})
export type PriceSize = z.infer<typeof priceSize>

/** Best three offers each side, best first (highest back, lowest lay). */
export const runnerEx = z.object({
  availableToBack: z.array(priceSize),
  availableToLay: z.array(priceSize),
  tradedVolume: z.number(),
})
export type RunnerEx = z.infer<typeof runnerEx>

/** Racing metadata keys as the spec spells them. */
export const runnerMetadata = z.object({
  CLOTH_NUMBER: z.string(),
  COLOURS_FILENAME: z.string(),
  JOCKEY_NAME: z.string(),
  TRAINER_NAME: z.string(),
})
export type RunnerMetadata = z.infer<typeof runnerMetadata>

export const runner = z.object({
  selectionId: z.string(),
  runnerName: z.string(),
  selection_name: z.string(),
  sort_priority: z.number().int(),
  status: runnerStatus,
  ex: runnerEx,
  metadata: runnerMetadata.nullable(),
})
export type Runner = z.infer<typeof runner>
