import { z } from 'zod'

/**
 * Betfair's Exchange Stream API wire format, as its published schema (ESASwaggerSchema) names it:
 * what Betfair's stream and its historical data files send (the files add names to the market
 * and runner definitions). Unknown fields pass through untouched; a wrong type is refused. What
 * real recorders write varies where Betfair's own schema is loose: a recorder that never saw a
 * clock token writes `"clk": null`, so the clocks are nullable.
 */

/** [price, size]: a level of a full ladder (atb, atl, trd); size 0 removes the price. */
const priceVol = z.tuple([z.number(), z.number()])
/** [level, price, size]: a level of a best-offers ladder (batb, batl, bdatb, bdatl); size 0 removes it. */
const levelPriceVol = z.tuple([z.number().int().min(0), z.number(), z.number()])

export const runnerDefinition = z.object({
  id: z.number().int(),
  status: z.enum(['ACTIVE', 'WINNER', 'LOSER', 'REMOVED', 'REMOVED_VACANT', 'HIDDEN', 'PLACED']),
  sortPriority: z.number().int().optional(),
  adjustmentFactor: z.number().optional(),
  removalDate: z.string().optional(),
  hc: z.number().optional(),
  /** Historical files only. */
  name: z.string().optional(),
})
export type RunnerDefinition = z.infer<typeof runnerDefinition>

export const marketDefinition = z.object({
  eventId: z.string(),
  eventTypeId: z.string(),
  marketType: z.string(),
  /** ODDS, LINE, RANGE, ASIAN_HANDICAP_DOUBLE_LINE, ASIAN_HANDICAP_SINGLE_LINE. */
  bettingType: z.string().optional(),
  status: z.enum(['INACTIVE', 'OPEN', 'SUSPENDED', 'CLOSED']),
  inPlay: z.boolean().default(false),
  betDelay: z.number().int().min(0).default(0),
  marketTime: z.string(),
  openDate: z.string().optional(),
  venue: z.string().optional(),
  countryCode: z.string().optional(),
  numberOfWinners: z.number().int().optional(),
  runners: z.array(runnerDefinition).default([]),
  version: z.number().int().optional(),
  bspMarket: z.boolean().optional(),
  turnInPlayEnabled: z.boolean().optional(),
  persistenceEnabled: z.boolean().optional(),
  marketBaseRate: z.number().optional(),
  crossMatching: z.boolean().optional(),
  runnersVoidable: z.boolean().optional(),
  discountAllowed: z.boolean().optional(),
  complete: z.boolean().optional(),
  bspReconciled: z.boolean().optional(),
  numberOfActiveRunners: z.number().int().optional(),
  suspendTime: z.string().optional(),
  settledTime: z.string().optional(),
  timezone: z.string().optional(),
  regulators: z.array(z.string()).optional(),
  /** Historical files only. */
  name: z.string().optional(),
  eventName: z.string().optional(),
})
export type MarketDefinition = z.infer<typeof marketDefinition>

export const runnerChange = z.object({
  id: z.number().int(),
  hc: z.number().optional(),
  atb: z.array(priceVol).optional(),
  atl: z.array(priceVol).optional(),
  batb: z.array(levelPriceVol).optional(),
  batl: z.array(levelPriceVol).optional(),
  bdatb: z.array(levelPriceVol).optional(),
  bdatl: z.array(levelPriceVol).optional(),
  trd: z.array(priceVol).optional(),
  ltp: z.number().optional(),
  tv: z.number().optional(),
})
export type RunnerChange = z.infer<typeof runnerChange>

export const marketChange = z.object({
  id: z.string(),
  img: z.boolean().optional(),
  con: z.boolean().optional(),
  tv: z.number().optional(),
  marketDefinition: marketDefinition.optional(),
  rc: z.array(runnerChange).optional(),
})
export type MarketChange = z.infer<typeof marketChange>

/** What a market and an order change message share: ids, clocks, change type, timing. */
const changeMessageFields = {
  id: z.number().int().optional(),
  pt: z.number().int(),
  clk: z.string().nullish(),
  initialClk: z.string().nullish(),
  ct: z.enum(['SUB_IMAGE', 'RESUB_DELTA', 'HEARTBEAT']).optional(),
  segmentType: z.enum(['SEG_START', 'SEG', 'SEG_END']).optional(),
  conflateMs: z.number().int().optional(),
  heartbeatMs: z.number().int().optional(),
}

export const marketChangeMessage = z.object({
  op: z.literal('mcm'),
  ...changeMessageFields,
  mc: z.array(marketChange).optional(),
})
export type MarketChangeMessage = z.infer<typeof marketChangeMessage>

const cricketTeam = z.object({ name: z.string(), selectionId: z.number().int().optional() })

export const inningsStats = z.object({
  inningsNum: z.number().int(),
  battingTeam: z.string(),
  bowlingTeam: z.string().optional(),
  inningsRuns: z.number().int(),
  inningsOvers: z.string(),
  inningsWickets: z.number().int(),
})

/** One match's change in a cricket message: each part present replaces what was known of it. */
export const cricketChange = z.object({
  eventId: z.string(),
  marketId: z.string().optional(),
  fixtureInfo: z
    .object({
      eventStatus: z.string().optional(),
      fixtureStatus: z.string().optional(),
      maxOvers: z.number().int().optional(),
    })
    .optional(),
  homeTeam: cricketTeam.optional(),
  awayTeam: cricketTeam.optional(),
  matchStats: z
    .object({
      currentInnings: z.number().int().optional(),
      tossResult: z.string().optional(),
      inningsStats: z.array(inningsStats).optional(),
    })
    .optional(),
})
export type CricketChange = z.infer<typeof cricketChange>

/** Betfair's cricket score stream (`ccm`), also found in historical files beside the prices. */
export const cricketChangeMessage = z.object({
  op: z.literal('ccm'),
  pt: z.number().int(),
  clk: z.string().nullish(),
  cc: z.array(cricketChange).default([]),
})
export type CricketChangeMessage = z.infer<typeof cricketChangeMessage>

export const connectionMessage = z.object({
  op: z.literal('connection'),
  connectionId: z.string().optional(),
})

export const statusMessage = z.object({
  op: z.literal('status'),
  id: z.number().int().optional(),
  statusCode: z.enum(['SUCCESS', 'FAILURE']),
  errorCode: z.string().optional(),
  errorMessage: z.string().optional(),
  connectionClosed: z.boolean().optional(),
  connectionId: z.string().optional(),
  /** How many more connections the account may open (answering authentication). */
  connectionsAvailable: z.number().int().optional(),
})
export type StatusMessage = z.infer<typeof statusMessage>

/** [price, size] of a player's matched bets at one matched price (mb, ml). */
const matchedAtPrice = priceVol

/** An order as the order stream carries it, sizes and prices as Betfair's (Order). */
export const streamOrder = z.object({
  id: z.string(),
  p: z.number(),
  s: z.number(),
  bsp: z.number().optional(),
  side: z.enum(['B', 'L']),
  status: z.enum(['E', 'EC']),
  pt: z.enum(['L', 'P', 'MOC']),
  ot: z.enum(['L', 'LOC', 'MOC']),
  pd: z.number().int(),
  md: z.number().int().optional(),
  cd: z.number().int().optional(),
  ld: z.number().int().optional(),
  avp: z.number().optional(),
  sm: z.number(),
  sr: z.number(),
  sl: z.number(),
  sc: z.number(),
  sv: z.number(),
  rac: z.string(),
  rc: z.string(),
  /** The client's customerOrderRef and customerStrategyRef. */
  rfo: z.string().optional(),
  rfs: z.string().optional(),
})
export type StreamOrder = z.infer<typeof streamOrder>

export const orderRunnerChange = z.object({
  id: z.number().int(),
  hc: z.number().optional(),
  fullImage: z.boolean().optional(),
  uo: z.array(streamOrder).optional(),
  mb: z.array(matchedAtPrice).optional(),
  ml: z.array(matchedAtPrice).optional(),
})
export type OrderRunnerChange = z.infer<typeof orderRunnerChange>

export const orderMarketChange = z.object({
  id: z.string(),
  accountId: z.number().int().optional(),
  closed: z.boolean().optional(),
  fullImage: z.boolean().optional(),
  orc: z.array(orderRunnerChange).optional(),
})
export type OrderMarketChange = z.infer<typeof orderMarketChange>

export const orderChangeMessage = z.object({
  op: z.literal('ocm'),
  ...changeMessageFields,
  oc: z.array(orderMarketChange).optional(),
})
export type OrderChangeMessage = z.infer<typeof orderChangeMessage>

export const streamMessage = z.discriminatedUnion('op', [
  marketChangeMessage,
  orderChangeMessage,
  cricketChangeMessage,
  connectionMessage,
  statusMessage,
])
export type StreamMessage = z.infer<typeof streamMessage>

// What a client sends (RequestMessage): Betfair's names and bounds.

/** The stream's market filter (not API-NG's: marketTypes, countryCodes, bettingTypes). */
export const streamMarketFilter = z.object({
  marketIds: z.array(z.string()).optional(),
  eventIds: z.array(z.string()).optional(),
  eventTypeIds: z.array(z.string()).optional(),
  marketTypes: z.array(z.string()).optional(),
  venues: z.array(z.string()).optional(),
  countryCodes: z.array(z.string()).optional(),
  bettingTypes: z.array(z.string()).optional(),
  raceTypes: z.array(z.string()).optional(),
  turnInPlayEnabled: z.boolean().optional(),
  bspMarket: z.boolean().optional(),
})
export type StreamMarketFilter = z.infer<typeof streamMarketFilter>

export const MARKET_DATA_FIELDS = [
  'EX_BEST_OFFERS_DISP',
  'EX_BEST_OFFERS',
  'EX_ALL_OFFERS',
  'EX_TRADED',
  'EX_TRADED_VOL',
  'EX_LTP',
  'EX_MARKET_DEF',
  'SP_TRADED',
  'SP_PROJECTED',
] as const
export type MarketDataField = (typeof MARKET_DATA_FIELDS)[number]

export const marketDataFilter = z.object({
  ladderLevels: z.number().int().min(1).max(10).optional(),
  fields: z.array(z.enum(MARKET_DATA_FIELDS)).optional(),
})

const requestId = z.number().int().optional()
/** Heartbeat bounds 500–30000 ms, conflation 0–120000 ms (Betfair loops the bounded value back). */
const subscriptionTiming = {
  clk: z.string().optional(),
  initialClk: z.string().optional(),
  heartbeatMs: z.number().int().optional(),
  conflateMs: z.number().int().optional(),
  segmentationEnabled: z.boolean().optional(),
}

export const authenticationMessage = z.object({
  op: z.literal('authentication'),
  id: requestId,
  appKey: z.string().optional(),
  session: z.string().optional(),
})
export const marketSubscriptionMessage = z.object({
  op: z.literal('marketSubscription'),
  id: requestId,
  ...subscriptionTiming,
  marketFilter: streamMarketFilter.optional(),
  marketDataFilter: marketDataFilter.optional(),
})
export type MarketSubscriptionMessage = z.infer<typeof marketSubscriptionMessage>
export const orderSubscriptionMessage = z.object({
  op: z.literal('orderSubscription'),
  id: requestId,
  ...subscriptionTiming,
  orderFilter: z
    .object({
      accountIds: z.array(z.number().int()).optional(),
      includeOverallPosition: z.boolean().optional(),
      customerStrategyRefs: z.array(z.string()).optional(),
      partitionMatchedByStrategyRef: z.boolean().optional(),
    })
    .optional(),
})
export type OrderSubscriptionMessage = z.infer<typeof orderSubscriptionMessage>
export const heartbeatMessage = z.object({ op: z.literal('heartbeat'), id: requestId })

export const requestMessage = z.discriminatedUnion('op', [
  authenticationMessage,
  marketSubscriptionMessage,
  orderSubscriptionMessage,
  heartbeatMessage,
])
export type RequestMessage = z.infer<typeof requestMessage>
