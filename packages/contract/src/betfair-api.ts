import { z } from 'zod'

/*
 * Betfair's API-NG as Backlay serves it (/betfair/…): the identity service's answers, the
 * JSON-RPC and REST envelopes with Betfair's APINGException, and the market reads' types, named
 * and shaped as Betfair's API-NG reference has them. Orders are in ./betfair-orders.
 */

/** POST /betfair/identity/api/login, keepAlive and logout (Betfair's non-interactive login). */
export const identityResponse = z.strictObject({
  token: z.string(),
  product: z.string(),
  status: z.enum(['SUCCESS', 'FAIL']),
  error: z.string(),
})
export type IdentityResponse = z.infer<typeof identityResponse>

/** POST /betfair/identity/api/certlogin: Betfair's certificate login answers in its own shape. */
export const certLoginResponse = z.strictObject({
  sessionToken: z.string().optional(),
  loginStatus: z.string(),
})

/** Betfair's login errors Backlay can give (of INVALID_USERNAME_OR_PASSWORD, ACCOUNT_NOW_LOCKED…). */
export const IDENTITY_ERRORS = {
  invalid: 'INVALID_USERNAME_OR_PASSWORD',
  locked: 'ACCOUNT_ALREADY_LOCKED',
  tooMany: 'TEMPORARY_BAN_TOO_MANY_REQUESTS',
  stepUp: 'STRONG_AUTH_CODE_REQUIRED',
  noSession: 'NO_SESSION',
  input: 'INPUT_VALIDATION_ERROR',
  appKey: 'INVALID_APP_KEY',
  /** The operator switched the trading API off for the brand or the player. */
  noAccess: 'SUSPENDED',
} as const

/** APINGException codes, with the ANGX numbers Betfair puts in a fault's message. */
export const APING_ERRORS = {
  TOO_MUCH_DATA: 'ANGX-0001',
  INVALID_INPUT_DATA: 'ANGX-0002',
  INVALID_SESSION_INFORMATION: 'ANGX-0003',
  NO_APP_KEY: 'ANGX-0004',
  NO_SESSION: 'ANGX-0005',
  UNEXPECTED_ERROR: 'ANGX-0006',
  INVALID_APP_KEY: 'ANGX-0007',
  TOO_MANY_REQUESTS: 'ANGX-0008',
  SERVICE_BUSY: 'ANGX-0009',
  TIMEOUT_ERROR: 'ANGX-0010',
  REQUEST_SIZE_EXCEEDS_LIMIT: 'ANGX-0011',
  ACCESS_DENIED: 'ANGX-0012',
} as const
export type ApingErrorCode = keyof typeof APING_ERRORS

export const apingException = z.strictObject({
  requestUUID: z.string(),
  errorCode: z.enum(Object.keys(APING_ERRORS) as [ApingErrorCode, ...ApingErrorCode[]]),
  errorDetails: z.string(),
})
const faultDetail = z.strictObject({
  APINGException: apingException,
  exceptionname: z.literal('APINGException'),
})

/** A JSON-RPC call: `SportsAPING/v1.0/<operation>` or `AccountAPING/v1.0/<operation>`. */
export const jsonRpcRequest = z.object({
  jsonrpc: z.literal('2.0'),
  method: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
  id: z.union([z.number(), z.string()]).nullish(),
})
export const jsonRpcError = z.strictObject({
  jsonrpc: z.literal('2.0'),
  error: z.strictObject({
    code: z.number().int(),
    message: z.string(),
    data: faultDetail.optional(),
  }),
  id: z.union([z.number(), z.string()]).nullable(),
})
export const jsonRpcResult = <T extends z.ZodType>(result: T) =>
  z.strictObject({
    jsonrpc: z.literal('2.0'),
    result,
    id: z.union([z.number(), z.string()]).nullable(),
  })
/** A REST call's fault (HTTP 400), as Betfair's REST endpoints answer one. */
export const restFault = z.strictObject({
  faultcode: z.literal('Client'),
  faultstring: z.string(),
  detail: faultDetail,
})

const isoTime = z.iso.datetime({ offset: true })
const timeRange = z.object({ from: isoTime.optional(), to: isoTime.optional() })
const ids = z.array(z.union([z.string(), z.number().int().transform(String)]))

/** MarketFilter: every field optional, all given must hold. */
export const marketFilter = z.object({
  textQuery: z.string().max(200).optional(),
  eventTypeIds: ids.optional(),
  eventIds: ids.optional(),
  competitionIds: ids.optional(),
  marketIds: ids.optional(),
  venues: z.array(z.string()).optional(),
  bspOnly: z.boolean().optional(),
  turnInPlayEnabled: z.boolean().optional(),
  inPlayOnly: z.boolean().optional(),
  marketBettingTypes: z.array(z.string()).optional(),
  marketCountries: z.array(z.string()).optional(),
  marketTypeCodes: z.array(z.string()).optional(),
  marketStartTime: timeRange.optional(),
  withOrders: z.array(z.string()).optional(),
})
export type MarketFilter = z.infer<typeof marketFilter>
export const filterParams = z.object({ filter: marketFilter, locale: z.string().optional() })

export const eventTypeResult = z.strictObject({
  eventType: z.strictObject({ id: z.string(), name: z.string() }),
  marketCount: z.number().int(),
})
export const competitionResult = z.strictObject({
  competition: z.strictObject({ id: z.string(), name: z.string() }),
  marketCount: z.number().int(),
  competitionRegion: z.string(),
})
export const eventResult = z.strictObject({
  event: z.strictObject({
    id: z.string(),
    name: z.string(),
    countryCode: z.string().optional(),
    timezone: z.string(),
    venue: z.string().optional(),
    openDate: isoTime,
  }),
  marketCount: z.number().int(),
})
export const marketTypeResult = z.strictObject({
  marketType: z.string(),
  marketCount: z.number().int(),
})
export const countryCodeResult = z.strictObject({
  countryCode: z.string(),
  marketCount: z.number().int(),
})

export const MARKET_PROJECTIONS = [
  'COMPETITION',
  'EVENT',
  'EVENT_TYPE',
  'MARKET_START_TIME',
  'MARKET_DESCRIPTION',
  'RUNNER_DESCRIPTION',
  'RUNNER_METADATA',
] as const
export const listMarketCatalogueParams = filterParams.extend({
  marketProjection: z.array(z.enum(MARKET_PROJECTIONS)).optional(),
  sort: z
    .enum([
      'MINIMUM_TRADED',
      'MAXIMUM_TRADED',
      'MINIMUM_AVAILABLE',
      'MAXIMUM_AVAILABLE',
      'FIRST_TO_START',
      'LAST_TO_START',
    ])
    .optional(),
  maxResults: z.number().int().min(1).max(1000),
})
export type ListMarketCatalogueParams = z.infer<typeof listMarketCatalogueParams>

export const marketCatalogue = z.strictObject({
  marketId: z.string(),
  marketName: z.string(),
  marketStartTime: isoTime.optional(),
  description: z
    .object({
      persistenceEnabled: z.boolean(),
      bspMarket: z.boolean(),
      marketTime: isoTime,
      suspendTime: isoTime,
      bettingType: z.literal('ODDS'),
      turnInPlayEnabled: z.boolean(),
      marketType: z.string(),
      regulator: z.string(),
      marketBaseRate: z.number(),
      discountAllowed: z.boolean(),
      wallet: z.string(),
      rules: z.string(),
      rulesHasDate: z.boolean(),
    })
    .optional(),
  totalMatched: z.number(),
  runners: z
    .array(
      z.strictObject({
        selectionId: z.number().int(),
        runnerName: z.string(),
        handicap: z.number(),
        sortPriority: z.number().int(),
        metadata: z.record(z.string(), z.string().nullable()).optional(),
      }),
    )
    .optional(),
  eventType: z.strictObject({ id: z.string(), name: z.string() }).optional(),
  competition: z.strictObject({ id: z.string(), name: z.string() }).optional(),
  event: eventResult.shape.event.optional(),
})
export type MarketCatalogue = z.infer<typeof marketCatalogue>

export const priceSize = z.strictObject({ price: z.number(), size: z.number() })
export const priceProjection = z.strictObject({
  priceData: z
    .array(z.enum(['SP_AVAILABLE', 'SP_TRADED', 'EX_BEST_OFFERS', 'EX_ALL_OFFERS', 'EX_TRADED']))
    .optional(),
  exBestOffersOverrides: z
    .object({
      bestPricesDepth: z.number().int().min(1).optional(),
      rollupModel: z.string().optional(),
      rollupLimit: z.number().int().optional(),
    })
    .optional(),
  virtualise: z.boolean().optional(),
  rolloverStakes: z.boolean().optional(),
})
export const ORDER_PROJECTIONS = ['ALL', 'EXECUTABLE', 'EXECUTION_COMPLETE'] as const
export const listMarketBookParams = z.strictObject({
  marketIds: ids.min(1),
  priceProjection: priceProjection.optional(),
  orderProjection: z.enum(ORDER_PROJECTIONS).optional(),
  matchProjection: z.enum(['NO_ROLLUP', 'ROLLED_UP_BY_PRICE', 'ROLLED_UP_BY_AVG_PRICE']).optional(),
  includeOverallPosition: z.boolean().optional(),
  partitionMatchedByStrategyRef: z.boolean().optional(),
  customerStrategyRefs: z.array(z.string()).optional(),
  currencyCode: z.string().optional(),
  locale: z.string().optional(),
  matchedSince: isoTime.optional(),
  betIds: ids.optional(),
})
export type ListMarketBookParams = z.infer<typeof listMarketBookParams>

/** An order of a runner in a market book (orderProjection). */
export const bookOrder = z.strictObject({
  betId: z.string(),
  orderType: z.literal('LIMIT'),
  status: z.enum(['EXECUTABLE', 'EXECUTION_COMPLETE']),
  persistenceType: z.enum(['LAPSE', 'PERSIST']),
  side: z.enum(['BACK', 'LAY']),
  price: z.number(),
  size: z.number(),
  bspLiability: z.number(),
  placedDate: isoTime,
  avgPriceMatched: z.number().optional(),
  sizeMatched: z.number(),
  sizeRemaining: z.number(),
  sizeLapsed: z.number(),
  sizeCancelled: z.number(),
  sizeVoided: z.number(),
  customerOrderRef: z.string().optional(),
  customerStrategyRef: z.string().optional(),
})
export const bookMatch = z.strictObject({
  betId: z.string().optional(),
  side: z.enum(['BACK', 'LAY']),
  price: z.number(),
  size: z.number(),
})

export const RUNNER_STATUSES = [
  'ACTIVE',
  'WINNER',
  'LOSER',
  'PLACED',
  'REMOVED_VACANT',
  'REMOVED',
  'HIDDEN',
] as const
export const marketBook = z.strictObject({
  marketId: z.string(),
  isMarketDataDelayed: z.boolean(),
  status: z.enum(['INACTIVE', 'OPEN', 'SUSPENDED', 'CLOSED']),
  betDelay: z.number().int(),
  bspReconciled: z.boolean(),
  complete: z.boolean(),
  inplay: z.boolean(),
  numberOfWinners: z.number().int(),
  numberOfRunners: z.number().int(),
  numberOfActiveRunners: z.number().int(),
  lastMatchTime: isoTime.optional(),
  totalMatched: z.number(),
  totalAvailable: z.number(),
  crossMatching: z.boolean(),
  runnersVoidable: z.boolean(),
  version: z.number().int(),
  runners: z.array(
    z.strictObject({
      selectionId: z.number().int(),
      handicap: z.number(),
      status: z.enum(RUNNER_STATUSES),
      adjustmentFactor: z.number().optional(),
      lastPriceTraded: z.number().optional(),
      totalMatched: z.number(),
      removalDate: isoTime.optional(),
      ex: z
        .object({
          availableToBack: z.array(priceSize),
          availableToLay: z.array(priceSize),
          tradedVolume: z.array(priceSize),
        })
        .optional(),
      orders: z.array(bookOrder).optional(),
      matches: z.array(bookMatch).optional(),
    }),
  ),
})
export type MarketBook = z.infer<typeof marketBook>

export const listRunnerBookParams = listMarketBookParams.omit({ marketIds: true }).extend({
  marketId: z.union([z.string(), z.number().transform(String)]),
  selectionId: z.number().int(),
  handicap: z.number().optional(),
})

/** AccountAPING getAccountFunds: rupees, two decimals. */
export const accountFunds = z.strictObject({
  availableToBetBalance: z.number(),
  exposure: z.number(),
  retainedCommission: z.number(),
  exposureLimit: z.number(),
  discountRate: z.number(),
  pointsBalance: z.number().int(),
  wallet: z.literal('UK'),
})
export const accountDetails = z.strictObject({
  currencyCode: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  localeCode: z.string(),
  region: z.string(),
  timezone: z.string(),
  discountRate: z.number(),
  pointsBalance: z.number().int(),
  countryCode: z.string(),
})

/** AccountAPING getAccountStatement: the player's money movements, newest first. */
export const accountStatementParams = z.object({
  locale: z.string().optional(),
  fromRecord: z.number().int().min(0).optional(),
  recordCount: z.number().int().min(1).max(100).optional(),
  itemDateRange: z.object({ from: isoTime.optional(), to: isoTime.optional() }).optional(),
  includeItem: z.enum(['ALL', 'DEPOSITS_WITHDRAWALS', 'EXCHANGE', 'POKER_ROOM']).optional(),
  wallet: z.string().optional(),
})
export const accountStatementReport = z.strictObject({
  accountStatement: z.array(
    z.strictObject({
      refId: z.string(),
      itemDate: isoTime,
      amount: z.number(),
      balance: z.number(),
      itemClass: z.enum(['UNKNOWN', 'EXCHANGE']),
      itemClassData: z.record(z.string(), z.string()),
      legacyData: z.strictObject({
        transactionType: z.string(),
        marketName: z.string().optional(),
        eventId: z.string().optional(),
        winLose: z.string().optional(),
      }),
    }),
  ),
  moreAvailable: z.boolean(),
})
