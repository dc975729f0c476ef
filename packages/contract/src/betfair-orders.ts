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
export const placeExecutionReport = z.strictObject({
  customerRef: z.string().optional(),
  status: executionStatus,
  errorCode: z.enum(EXECUTION_ERRORS).optional(),
  marketId: z.string(),
  instructionReports: z.array(placeInstructionReport),
})
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
