import {
  type CancelExecutionReport,
  type ExecutionError,
  type InstructionError,
  MAX_PLACE_INSTRUCTIONS,
  type PlaceExecutionReport,
  type PlaceInstruction,
  type PlaceInstructionReport,
  type PlaceOrdersParams,
} from '@backlay/contract/betfair-orders'
import { decimalToOdds, paiseToRupees, rupeesToPaise } from '@backlay/contract/money'
import type { FastifyInstance } from 'fastify'
import { EXCHANGE_KINDS } from '../markets/market-state'
import type { OddsPlacement } from '../markets/odds-placement'
import type { ApiCaller } from './api-caller'
import type { StakeGate } from './stake-gate'

/** Betfair's window in which a placeOrders call with the same customerRef is a duplicate. */
const CUSTOMER_REF_WINDOW_MS = 60_000

/** How an engine refusal reads in Betfair's reports: the call's code and the instruction's. */
function betfairCodes(code: string): { execution: ExecutionError; instruction: InstructionError } {
  switch (code) {
    case 'BET.INSUFFICIENT_FUNDS':
      return { execution: 'INSUFFICIENT_FUNDS', instruction: 'ERROR_IN_ORDER' }
    case 'BET.INVALID_ODDS':
      return { execution: 'BET_ACTION_ERROR', instruction: 'INVALID_ODDS' }
    case 'BET.STAKE_BELOW_MIN':
    case 'BET.STAKE_ABOVE_MAX':
      return { execution: 'BET_ACTION_ERROR', instruction: 'INVALID_BET_SIZE' }
    case 'BET.MARKET_SUSPENDED':
    case 'BET.RUNNER_SUSPENDED':
      return { execution: 'MARKET_SUSPENDED', instruction: 'ERROR_IN_ORDER' }
    case 'BET.MARKET_CLOSED':
    case 'BET.IN_PLAY':
      return { execution: 'MARKET_NOT_OPEN_FOR_BETTING', instruction: 'ERROR_IN_ORDER' }
    case 'BET.MARKET_NOT_FOUND':
    case 'BET.WRONG_MARKET':
      return { execution: 'INVALID_MARKET_ID', instruction: 'ERROR_IN_ORDER' }
    case 'BET.RUNNER_NOT_FOUND':
      return { execution: 'BET_ACTION_ERROR', instruction: 'INVALID_RUNNER' }
    case 'BET.RETRY':
      return { execution: 'ERROR_IN_MATCHER', instruction: 'ERROR_IN_ORDER' }
    default:
      return code.startsWith('RG.') || code.startsWith('AUTH.')
        ? { execution: 'INVALID_ACCOUNT_STATE', instruction: 'ERROR_IN_ORDER' }
        : { execution: 'BET_ACTION_ERROR', instruction: 'ERROR_IN_ORDER' }
  }
}

/** What Backlay refuses in an instruction before it reaches the exchange (no starting price). */
function refusedInstruction(instruction: PlaceInstruction): InstructionError | null {
  if (instruction.orderType !== 'LIMIT') return 'MARKET_NOT_OPEN_FOR_BSP_BETTING'
  if (!instruction.limitOrder) return 'ERROR_IN_ORDER'
  if (instruction.limitOrder.persistenceType === 'MARKET_ON_CLOSE')
    return 'INVALID_PERSISTENCE_TYPE'
  if ((instruction.handicap ?? 0) !== 0) return 'INVALID_RUNNER'
  if (instruction.limitOrder.betTargetType) return 'INVALID_BID_TYPE'
  const { minFillSize, size, price, timeInForce } = instruction.limitOrder
  // Prices and sizes go to two decimals: 1.015 is off the ladder, ₹10.001 no amount.
  if (!twoDecimals(price)) return 'INVALID_ODDS'
  if (!twoDecimals(size)) return 'INVALID_BET_SIZE'
  if (minFillSize !== undefined && (timeInForce !== 'FILL_OR_KILL' || minFillSize > size))
    return 'INVALID_MIN_FILL_SIZE'
  return null
}

const twoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6

const failed = (
  params: PlaceOrdersParams,
  execution: ExecutionError,
  reports: PlaceInstructionReport[],
): PlaceExecutionReport => ({
  ...(params.customerRef ? { customerRef: params.customerRef } : {}),
  status: 'FAILURE',
  errorCode: execution,
  marketId: params.marketId,
  instructionReports: reports,
})

/**
 * placeOrders: each LIMIT instruction through the same placement as the web's saveBet (bet
 * delay, funds, limits, house lines, the engine's commit), reported as Betfair reports it.
 */
export async function placeOrders(
  app: FastifyInstance,
  place: OddsPlacement,
  gate: StakeGate,
  caller: ApiCaller,
  params: PlaceOrdersParams,
): Promise<PlaceExecutionReport> {
  const related = (instruction: PlaceInstruction): PlaceInstructionReport => ({
    status: 'FAILURE',
    errorCode: 'RELATED_ACTION_FAILED',
    instruction,
  })
  if (params.instructions.length > MAX_PLACE_INSTRUCTIONS)
    return failed(params, 'TOO_MANY_INSTRUCTIONS', params.instructions.map(related))
  if (await gate(caller.userId))
    return failed(params, 'INVALID_ACCOUNT_STATE', params.instructions.map(related))
  const market = await app.exchange.catalogueMarket(params.marketId)
  if (!market || !(EXCHANGE_KINDS as readonly string[]).includes(market.kind))
    return failed(params, 'INVALID_MARKET_ID', params.instructions.map(related))
  // A call made against an older definition (before a suspension, a removal) is refused whole.
  if (params.marketVersion && params.marketVersion.version < market.version)
    return failed(params, 'INVALID_MARKET_VERSION', params.instructions.map(related))
  // An instruction Backlay cannot take fails the call before anything is placed.
  const refusals = params.instructions.map(refusedInstruction)
  if (refusals.some((r) => r !== null))
    return failed(
      params,
      'BET_ACTION_ERROR',
      params.instructions.map((instruction, i) => {
        const code = refusals[i]
        return code ? { status: 'FAILURE', errorCode: code, instruction } : related(instruction)
      }),
    )
  if (params.customerRef && !(await claimCustomerRef(app, caller.userId, params.customerRef)))
    return failed(params, 'DUPLICATE_TRANSACTION', params.instructions.map(related))

  const reports: PlaceInstructionReport[] = []
  let lastFailure: ExecutionError | null = null
  for (const instruction of params.instructions) {
    const placed = await placeOne(
      app,
      place,
      caller,
      params.marketId,
      instruction,
      params.customerStrategyRef,
    )
    if (placed.failure) lastFailure = placed.failure
    reports.push(placed.report)
  }
  const failures = reports.filter((r) => r.status === 'FAILURE').length
  if (failures > 0 && params.customerRef)
    await releaseCustomerRef(app, caller.userId, params.customerRef)
  return {
    ...(params.customerRef ? { customerRef: params.customerRef } : {}),
    status:
      failures === 0
        ? 'SUCCESS'
        : failures === reports.length
          ? 'FAILURE'
          : 'PROCESSED_WITH_ERRORS',
    ...(failures === 0
      ? {}
      : {
          errorCode:
            failures === reports.length && lastFailure ? lastFailure : 'PROCESSED_WITH_ERRORS',
        }),
    marketId: params.marketId,
    instructionReports: reports,
  }
}

/**
 * One LIMIT instruction through the placement, as its instruction report, with the call's error
 * code when it failed.
 */
export async function placeOne(
  app: FastifyInstance,
  place: OddsPlacement,
  caller: ApiCaller,
  marketId: string,
  instruction: PlaceInstruction,
  strategyRef?: string,
): Promise<{ report: PlaceInstructionReport; failure?: ExecutionError }> {
  const order = instruction.limitOrder
  if (!order) return { report: { status: 'FAILURE', errorCode: 'ERROR_IN_ORDER', instruction } }
  const placed = await place(
    caller.trader,
    marketId,
    [
      {
        selectionId: String(instruction.selectionId),
        side: instruction.side,
        odds: decimalToOdds(order.price),
        stake: rupeesToPaise(order.size),
      },
    ],
    {
      requestId: caller.request.id,
      persistence: order.persistenceType === 'PERSIST' ? 'PERSIST' : 'LAPSE',
      ...(instruction.customerOrderRef || strategyRef
        ? {
            refs: {
              ...(instruction.customerOrderRef ? { orderRef: instruction.customerOrderRef } : {}),
              ...(strategyRef ? { strategyRef } : {}),
            },
          }
        : {}),
      ...(order.timeInForce === 'FILL_OR_KILL'
        ? {
            fillOrKill:
              order.minFillSize === undefined ? {} : { minFill: rupeesToPaise(order.minFillSize) },
          }
        : {}),
    },
  )
  app.metrics.observePlacement(placed)
  const placedDate = new Date(app.clock.now()).toISOString()
  if (placed.ok) {
    const bet = placed.value.bets[0]
    return {
      report: {
        status: 'SUCCESS',
        orderStatus: bet && bet.unmatched_stack > 0 ? 'EXECUTABLE' : 'EXECUTION_COMPLETE',
        instruction,
        ...(bet ? { betId: bet.bet_id } : {}),
        placedDate,
        averagePriceMatched: bet?.avg_odds ?? 0,
        sizeMatched: bet?.matched_stack ?? 0,
      },
    }
  }
  // Betfair: a fill-or-kill order that could not fill is placed and at once expired.
  if (placed.code === 'BET.NOT_FILLED')
    return {
      report: {
        status: 'SUCCESS',
        orderStatus: 'EXPIRED',
        instruction,
        placedDate,
        averagePriceMatched: 0,
        sizeMatched: 0,
      },
    }
  const codes = betfairCodes(placed.code)
  return {
    report: { status: 'FAILURE', errorCode: codes.instruction, instruction },
    failure: codes.execution,
  }
}

/** Notes a call's customerRef; false when the same ref was used within Betfair's window. */
async function claimCustomerRef(app: FastifyInstance, userId: string, ref: string) {
  const now = app.clock.now()
  await app.db
    .deleteFrom('api_customer_refs')
    .where('user_id', '=', userId)
    .where('customer_ref', '=', ref)
    .where('created_at', '<', new Date(now - CUSTOMER_REF_WINDOW_MS))
    .execute()
  const claimed = await app.db
    .insertInto('api_customer_refs')
    .values({ user_id: userId, customer_ref: ref, created_at: new Date(now) })
    .onConflict((oc) => oc.columns(['user_id', 'customer_ref']).doNothing())
    .returning('customer_ref')
    .executeTakeFirst()
  return claimed !== undefined
}

/** A call that placed nothing may be sent again with its ref. */
async function releaseCustomerRef(app: FastifyInstance, userId: string, ref: string) {
  await app.db
    .deleteFrom('api_customer_refs')
    .where('user_id', '=', userId)
    .where('customer_ref', '=', ref)
    .execute()
}

/**
 * cancelOrders: the named bets, every unmatched bet of a market, or with neither every unmatched
 * bet of the caller. A size reduction (cancelling part of a bet) is not offered yet.
 */
export async function cancelOrders(
  app: FastifyInstance,
  caller: ApiCaller,
  params: {
    marketId?: string | undefined
    instructions?: { betId: string; sizeReduction?: number | undefined }[] | undefined
    customerRef?: string | undefined
  },
): Promise<CancelExecutionReport> {
  const ref = params.customerRef ? { customerRef: params.customerRef } : {}
  const open = await app.db
    .selectFrom('bet_orders')
    .select(['id', 'market_id', 'remaining'])
    .where('user_id', '=', caller.userId)
    .where('status', '=', 'OPEN')
    .where('remaining', '>', 0)
    .where('market_kind', 'in', EXCHANGE_KINDS)
    .$if(params.marketId !== undefined, (q) => q.where('market_id', '=', params.marketId ?? ''))
    .execute()
  const now = new Date(app.clock.now()).toISOString()
  if (!params.instructions) {
    const byMarket = new Map<string, string[]>()
    for (const o of open) byMarket.set(o.market_id, [...(byMarket.get(o.market_id) ?? []), o.id])
    const reports: CancelExecutionReport['instructionReports'] = []
    for (const [marketId, orderIds] of byMarket) {
      const done = await app.exchange.cancel(caller.trader, marketId, orderIds, caller.request.id)
      for (const id of orderIds)
        reports.push(
          done.ok
            ? {
                status: 'SUCCESS',
                instruction: { betId: id },
                sizeCancelled: sizeOf(open, id),
                cancelledDate: now,
              }
            : {
                status: 'FAILURE',
                errorCode: 'BET_TAKEN_OR_LAPSED',
                instruction: { betId: id },
                sizeCancelled: 0,
              },
        )
    }
    return {
      ...ref,
      status: 'SUCCESS',
      ...(params.marketId ? { marketId: params.marketId } : {}),
      instructionReports: reports,
    }
  }
  const reports: CancelExecutionReport['instructionReports'] = []
  for (const instruction of params.instructions) {
    const order = open.find((o) => o.id === instruction.betId)
    const reduction =
      instruction.sizeReduction === undefined ? undefined : rupeesToPaise(instruction.sizeReduction)
    // Betfair: a reduction must be a positive size of the currency.
    if (reduction !== undefined && reduction <= 0) {
      reports.push({
        status: 'FAILURE',
        errorCode: 'INVALID_BET_SIZE',
        instruction,
        sizeCancelled: 0,
      })
      continue
    }
    if (!order) {
      const known = await app.db
        .selectFrom('bet_orders')
        .select('id')
        .where('id', '=', instruction.betId)
        .where('user_id', '=', caller.userId)
        .executeTakeFirst()
      reports.push({
        status: 'FAILURE',
        errorCode: known ? 'BET_TAKEN_OR_LAPSED' : 'INVALID_BET_ID',
        instruction,
        sizeCancelled: 0,
      })
      continue
    }
    const done = await app.exchange.cancel(
      caller.trader,
      order.market_id,
      [order.id],
      caller.request.id,
      reduction === undefined ? {} : { [order.id]: reduction },
    )
    reports.push(
      done.ok
        ? {
            status: 'SUCCESS',
            instruction,
            sizeCancelled: paiseToRupees(done.value.cancelled),
            cancelledDate: now,
          }
        : { status: 'FAILURE', errorCode: 'BET_TAKEN_OR_LAPSED', instruction, sizeCancelled: 0 },
    )
  }
  const failures = reports.filter((r) => r.status === 'FAILURE').length
  return {
    ...ref,
    status:
      failures === 0
        ? 'SUCCESS'
        : failures === reports.length
          ? 'FAILURE'
          : 'PROCESSED_WITH_ERRORS',
    ...(failures > 0 ? { errorCode: 'PROCESSED_WITH_ERRORS' as const } : {}),
    ...(params.marketId ? { marketId: params.marketId } : {}),
    instructionReports: reports,
  }
}

const sizeOf = (orders: readonly { id: string; remaining: number }[], id: string) =>
  paiseToRupees(orders.find((o) => o.id === id)?.remaining ?? 0)
