import { z } from 'zod'

/*
 * Betfair's API-NG order operations as Backlay serves them: placeOrders, cancelOrders and
 * listCurrentOrders, with the instruction and execution reports' error codes as Betfair names them.
 */

const id = z.union([z.string(), z.number().int().transform(String)])
const isoTime = z.iso.datetime({ offset: true })
const side = z.enum(['BACK', 'LAY'])

/** InstructionReportErrorCode values Backlay gives. */
export const INSTRUCTION_ERRORS = [
  'INVALID_BET_SIZE',
  'INVALID_RUNNER',
  'BET_TAKEN_OR_LAPSED',
  'RUNNER_REMOVED',
  'MARKET_NOT_OPEN_FOR_BETTING',
  'LOSS_LIMIT_EXCEEDED',
  'MARKET_NOT_OPEN_FOR_BSP_BETTING',
  'INVALID_ODDS',
  'INSUFFICIENT_FUNDS',
  'INVALID_PERSISTENCE_TYPE',
  'ERROR_IN_MATCHER',
  'ERROR_IN_ORDER',
  'INVALID_BID_TYPE',
  'INVALID_BET_ID',
  'CANCELLED_NOT_PLACED',
  'RELATED_ACTION_FAILED',
  'INVALID_MIN_FILL_SIZE',
  'INVALID_CUSTOMER_ORDER_REF',
] as const
export type InstructionError = (typeof INSTRUCTION_ERRORS)[number]

/** ExecutionReportErrorCode values Backlay gives. */
export const EXECUTION_ERRORS = [
  'ERROR_IN_MATCHER',
  'PROCESSED_WITH_ERRORS',
  'BET_ACTION_ERROR',
  'INVALID_ACCOUNT_STATE',
  'INSUFFICIENT_FUNDS',
  'LOSS_LIMIT_EXCEEDED',
  'MARKET_SUSPENDED',
  'MARKET_NOT_OPEN_FOR_BETTING',
  'DUPLICATE_TRANSACTION',
  'INVALID_ORDER',
  'INVALID_MARKET_ID',
  'PERMISSION_DENIED',
  'TOO_MANY_INSTRUCTIONS',
  'INVALID_MARKET_VERSION',
] as const
export type ExecutionError = (typeof EXECUTION_ERRORS)[number]

export const limitOrder = z.object({
  size: z.number().positive(),
  price: z.number().positive(),
  persistenceType: z.enum(['LAPSE', 'PERSIST', 'MARKET_ON_CLOSE']),
  timeInForce: z.literal('FILL_OR_KILL').optional(),
  minFillSize: z.number().positive().optional(),
  betTargetType: z.enum(['BACKERS_PROFIT', 'PAYOUT']).optional(),
  betTargetSize: z.number().optional(),
})
export const placeInstruction = z.object({
  orderType: z.enum(['LIMIT', 'LIMIT_ON_CLOSE', 'MARKET_ON_CLOSE']),
  selectionId: z.number().int(),
  handicap: z.number().optional(),
  side,
  limitOrder: limitOrder.optional(),
  limitOnCloseOrder: z.object({ liability: z.number(), price: z.number() }).optional(),
  marketOnCloseOrder: z.object({ liability: z.number() }).optional(),
  customerOrderRef: z.string().max(32).optional(),
})
export type PlaceInstruction = z.infer<typeof placeInstruction>

/** Betfair caps a placeOrders call at 200 instructions (TOO_MANY_INSTRUCTIONS beyond). */
export const MAX_PLACE_INSTRUCTIONS = 200

export const placeOrdersParams = z.object({
  marketId: id,
  instructions: z.array(placeInstruction).min(1),
  customerRef: z.string().max(32).optional(),
  marketVersion: z.object({ version: z.number().int() }).optional(),
  customerStrategyRef: z.string().max(15).optional(),
  async: z.boolean().optional(),
})
export type PlaceOrdersParams = z.infer<typeof placeOrdersParams>

const executionStatus = z.enum(['SUCCESS', 'FAILURE', 'PROCESSED_WITH_ERRORS', 'TIMEOUT'])
const instructionStatus = z.enum(['SUCCESS', 'FAILURE', 'TIMEOUT'])

export const placeInstructionReport = z.strictObject({
  status: instructionStatus,
  errorCode: z.enum(INSTRUCTION_ERRORS).optional(),
  orderStatus: z.enum(['PENDING', 'EXECUTION_COMPLETE', 'EXECUTABLE', 'EXPIRED']).optional(),
  instruction: placeInstruction,
  betId: z.string().optional(),
  placedDate: isoTime.optional(),
  averagePriceMatched: z.number().optional(),
  sizeMatched: z.number().optional(),
})
export type PlaceInstructionReport = z.infer<typeof placeInstructionReport>
/** An order call's report: its status and error code, and one report an instruction. */
const executionReportOf = <R extends z.ZodType>(instructionReport: R) =>
  z.strictObject({
    customerRef: z.string().optional(),
    status: executionStatus,
    errorCode: z.enum(EXECUTION_ERRORS).optional(),
    marketId: z.string(),
    instructionReports: z.array(instructionReport),
  })
export const placeExecutionReport = executionReportOf(placeInstructionReport)
export type PlaceExecutionReport = z.infer<typeof placeExecutionReport>

export const cancelInstruction = z.object({
  betId: id,
  sizeReduction: z.number().positive().optional(),
})
export const cancelOrdersParams = z.object({
  marketId: id.optional(),
  instructions: z.array(cancelInstruction).optional(),
  customerRef: z.string().max(32).optional(),
})
export const cancelInstructionReport = z.strictObject({
  status: instructionStatus,
  errorCode: z.enum(INSTRUCTION_ERRORS).optional(),
  instruction: cancelInstruction.optional(),
  sizeCancelled: z.number(),
  cancelledDate: isoTime.optional(),
})
export const cancelExecutionReport = z.strictObject({
  customerRef: z.string().optional(),
  status: executionStatus,
  errorCode: z.enum(EXECUTION_ERRORS).optional(),
  marketId: z.string().optional(),
  instructionReports: z.array(cancelInstructionReport),
})
export type CancelExecutionReport = z.infer<typeof cancelExecutionReport>

export const listCurrentOrdersParams = z.object({
  betIds: z.array(id).optional(),
  marketIds: z.array(id).optional(),
  orderProjection: z.enum(['ALL', 'EXECUTABLE', 'EXECUTION_COMPLETE']).optional(),
  customerOrderRefs: z.array(z.string()).optional(),
  customerStrategyRefs: z.array(z.string()).optional(),
  dateRange: z.object({ from: isoTime.optional(), to: isoTime.optional() }).optional(),
  orderBy: z.enum(['BY_BET', 'BY_MARKET', 'BY_MATCH_TIME', 'BY_PLACE_TIME']).optional(),
  sortDir: z.enum(['EARLIEST_TO_LATEST', 'LATEST_TO_EARLIEST']).optional(),
  fromRecord: z.number().int().min(0).optional(),
  recordCount: z.number().int().min(0).max(1000).optional(),
})
export const currentOrderSummary = z.strictObject({
  betId: z.string(),
  marketId: z.string(),
  selectionId: z.number().int(),
  handicap: z.number(),
  priceSize: z.strictObject({ price: z.number(), size: z.number() }),
  bspLiability: z.number(),
  side,
  status: z.enum(['EXECUTABLE', 'EXECUTION_COMPLETE']),
  persistenceType: z.enum(['LAPSE', 'PERSIST']),
  orderType: z.literal('LIMIT'),
  placedDate: isoTime,
  matchedDate: isoTime.optional(),
  averagePriceMatched: z.number(),
  sizeMatched: z.number(),
  sizeRemaining: z.number(),
  sizeLapsed: z.number(),
  sizeCancelled: z.number(),
  sizeVoided: z.number(),
  regulatorCode: z.string(),
  customerOrderRef: z.string().optional(),
  customerStrategyRef: z.string().optional(),
})
export type CurrentOrderSummary = z.infer<typeof currentOrderSummary>
export const currentOrderSummaryReport = z.strictObject({
  currentOrders: z.array(currentOrderSummary),
  moreAvailable: z.boolean(),
})

export const replaceOrdersParams = z.object({
  marketId: id,
  instructions: z.array(z.object({ betId: id, newPrice: z.number().positive() })).min(1),
  customerRef: z.string().max(32).optional(),
  marketVersion: z.object({ version: z.number().int() }).optional(),
  async: z.boolean().optional(),
})
export const replaceExecutionReport = executionReportOf(
  z.strictObject({
    status: instructionStatus,
    errorCode: z.enum(INSTRUCTION_ERRORS).optional(),
    cancelInstructionReport: cancelInstructionReport.optional(),
    placeInstructionReport: placeInstructionReport.optional(),
  }),
)
export type ReplaceExecutionReport = z.infer<typeof replaceExecutionReport>

export const updateOrdersParams = z.object({
  marketId: id,
  instructions: z
    .array(
      z.object({ betId: id, newPersistenceType: z.enum(['LAPSE', 'PERSIST', 'MARKET_ON_CLOSE']) }),
    )
    .min(1),
  customerRef: z.string().max(32).optional(),
})
export const updateExecutionReport = executionReportOf(
  z.strictObject({
    status: instructionStatus,
    errorCode: z.enum(INSTRUCTION_ERRORS).optional(),
    instruction: z.object({ betId: z.string(), newPersistenceType: z.string() }),
  }),
)
export type UpdateExecutionReport = z.infer<typeof updateExecutionReport>

export const CLEARED_GROUPS = ['EVENT_TYPE', 'EVENT', 'MARKET', 'SIDE', 'BET'] as const
export const listClearedOrdersParams = z.object({
  betStatus: z.enum(['SETTLED', 'VOIDED', 'LAPSED', 'CANCELLED']),
  eventTypeIds: z.array(id).optional(),
  eventIds: z.array(id).optional(),
  marketIds: z.array(id).optional(),
  runnerIds: z.array(z.object({ marketId: id, selectionId: z.number().int() })).optional(),
  betIds: z.array(id).optional(),
  customerOrderRefs: z.array(z.string()).optional(),
  customerStrategyRefs: z.array(z.string()).optional(),
  side: side.optional(),
  settledDateRange: z.object({ from: isoTime.optional(), to: isoTime.optional() }).optional(),
  groupBy: z.enum(CLEARED_GROUPS).optional(),
  includeItemDescription: z.boolean().optional(),
  locale: z.string().optional(),
  fromRecord: z.number().int().min(0).optional(),
  recordCount: z.number().int().min(0).max(1000).optional(),
})
/** A cleared bet, or a roll-up of them by `groupBy` (fields of what the group shares). */
export const clearedOrderSummary = z.strictObject({
  eventTypeId: z.string().optional(),
  eventId: z.string().optional(),
  marketId: z.string().optional(),
  selectionId: z.number().int().optional(),
  handicap: z.number().optional(),
  betId: z.string().optional(),
  placedDate: isoTime.optional(),
  persistenceType: z.enum(['LAPSE', 'PERSIST']).optional(),
  orderType: z.literal('LIMIT').optional(),
  side: side.optional(),
  itemDescription: z
    .strictObject({
      eventTypeDesc: z.string(),
      eventDesc: z.string(),
      marketDesc: z.string(),
      marketType: z.string(),
      marketStartTime: isoTime,
      runnerDesc: z.string(),
      numberOfWinners: z.number().int(),
    })
    .optional(),
  betOutcome: z.enum(['WON', 'LOST', 'PLACE']).optional(),
  priceRequested: z.number().optional(),
  settledDate: isoTime.optional(),
  lastMatchedDate: isoTime.optional(),
  betCount: z.number().int(),
  commission: z.number().optional(),
  priceMatched: z.number().optional(),
  priceReduced: z.boolean().optional(),
  sizeSettled: z.number().optional(),
  profit: z.number().optional(),
  sizeCancelled: z.number().optional(),
  customerOrderRef: z.string().optional(),
  customerStrategyRef: z.string().optional(),
})
export type ClearedOrderSummary = z.infer<typeof clearedOrderSummary>
export const clearedOrderSummaryReport = currentOrderSummaryReport
  .omit({ currentOrders: true })
  .extend({ clearedOrders: z.array(clearedOrderSummary) })

export const listMarketProfitAndLossParams = z.object({
  marketIds: z.array(id).min(1),
  includeSettledBets: z.boolean().optional(),
  includeBspBets: z.boolean().optional(),
  netOfCommission: z.boolean().optional(),
})
export const marketProfitAndLoss = z.strictObject({
  marketId: z.string(),
  commissionApplied: z.number(),
  profitAndLosses: z.array(
    z.strictObject({
      selectionId: z.number().int(),
      ifWin: z.number(),
      ifLose: z.number().optional(),
      ifPlace: z.number().optional(),
    }),
  ),
})
