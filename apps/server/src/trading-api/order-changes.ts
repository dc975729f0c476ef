import type {
  ReplaceExecutionReport,
  replaceOrdersParams,
  UpdateExecutionReport,
  updateOrdersParams,
} from '@backlay/contract/betfair-orders'
import { paiseToRupees } from '@backlay/contract/money'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import type { OddsPlacement } from '../markets/odds-placement'
import type { ApiCaller } from './api-caller'
import { placeOne } from './orders'
import type { StakeGate } from './stake-gate'

/** A change call's report: SUCCESS, FAILURE or PROCESSED_WITH_ERRORS by its instructions'. */
function executionReport<R extends { status: 'SUCCESS' | 'FAILURE' | 'TIMEOUT' }>(
  params: { marketId: string; customerRef?: string | undefined },
  reports: R[],
) {
  const failures = reports.filter((r) => r.status === 'FAILURE').length
  return {
    ...(params.customerRef ? { customerRef: params.customerRef } : {}),
    status:
      failures === 0
        ? ('SUCCESS' as const)
        : failures === reports.length
          ? ('FAILURE' as const)
          : ('PROCESSED_WITH_ERRORS' as const),
    ...(failures > 0 ? { errorCode: 'PROCESSED_WITH_ERRORS' as const } : {}),
    marketId: params.marketId,
    instructionReports: reports,
  }
}

/** The caller's unmatched exchange bet of a market, or null. */
const openOrder = (app: FastifyInstance, caller: ApiCaller, marketId: string, betId: string) =>
  app.db
    .selectFrom('bet_orders')
    .selectAll()
    .where('id', '=', betId)
    .where('user_id', '=', caller.userId)
    .where('market_id', '=', marketId)
    .where('status', '=', 'OPEN')
    .where('remaining', '>', 0)
    .executeTakeFirst()

/**
 * replaceOrders: each bet's unmatched part cancelled and placed again at the new price, with the
 * same side, size and persistence; a bet that cannot be cancelled is not placed again (Betfair's
 * two reports: the cancel's and the placement's).
 */
export async function replaceOrders(
  app: FastifyInstance,
  place: OddsPlacement,
  gate: StakeGate,
  caller: ApiCaller,
  params: z.output<typeof replaceOrdersParams>,
): Promise<ReplaceExecutionReport> {
  const reports: ReplaceExecutionReport['instructionReports'] = []
  const refusedWhole = (errorCode: 'INVALID_ACCOUNT_STATE' | 'INVALID_MARKET_VERSION') => ({
    ...executionReport(
      params,
      params.instructions.map(() => ({
        status: 'FAILURE' as const,
        errorCode: 'ERROR_IN_ORDER' as const,
      })),
    ),
    errorCode,
  })
  // A replace places again: a self-excluded player's bets stay where they are.
  if (await gate(caller.userId)) return refusedWhole('INVALID_ACCOUNT_STATE')
  const market = await app.exchange.catalogueMarket(params.marketId)
  if (params.marketVersion && market && params.marketVersion.version < market.version)
    return refusedWhole('INVALID_MARKET_VERSION')
  for (const instruction of params.instructions) {
    const order = await openOrder(app, caller, params.marketId, instruction.betId)
    const cancelled = order
      ? await app.exchange.cancel(caller.trader, params.marketId, [order.id], caller.request.id)
      : null
    if (!order || !cancelled?.ok) {
      reports.push({
        status: 'FAILURE',
        errorCode: 'BET_TAKEN_OR_LAPSED',
        cancelInstructionReport: {
          status: 'FAILURE',
          errorCode: 'BET_TAKEN_OR_LAPSED',
          instruction: { betId: instruction.betId },
          sizeCancelled: 0,
        },
      })
      continue
    }
    const size = paiseToRupees(cancelled.value.cancelled)
    // The new bet carries the replaced one's references, as Betfair's does.
    const { report } = await placeOne(
      app,
      place,
      caller,
      params.marketId,
      {
        orderType: 'LIMIT',
        selectionId: Number(order.selection_id),
        side: order.side,
        limitOrder: {
          size,
          price: instruction.newPrice,
          persistenceType: order.keep_inplay ? 'PERSIST' : 'LAPSE',
        },
        ...(order.customer_order_ref ? { customerOrderRef: order.customer_order_ref } : {}),
      },
      order.customer_strategy_ref ?? undefined,
    )
    reports.push({
      status: report.status,
      ...(report.status === 'FAILURE' ? { errorCode: 'CANCELLED_NOT_PLACED' as const } : {}),
      cancelInstructionReport: {
        status: 'SUCCESS',
        instruction: { betId: order.id },
        sizeCancelled: size,
        cancelledDate: new Date(app.clock.now()).toISOString(),
      },
      placeInstructionReport: report,
    })
  }
  return executionReport(params, reports)
}

/** updateOrders: a bet's persistence (LAPSE or PERSIST through the in-play turn). */
export async function updateOrders(
  app: FastifyInstance,
  caller: ApiCaller,
  params: z.output<typeof updateOrdersParams>,
): Promise<UpdateExecutionReport> {
  const reports: UpdateExecutionReport['instructionReports'] = []
  for (const instruction of params.instructions) {
    if (instruction.newPersistenceType === 'MARKET_ON_CLOSE') {
      reports.push({ status: 'FAILURE', errorCode: 'INVALID_PERSISTENCE_TYPE', instruction })
      continue
    }
    const order = await openOrder(app, caller, params.marketId, instruction.betId)
    const done = order
      ? await app.exchange.changePersistence(
          caller.trader,
          params.marketId,
          order.id,
          instruction.newPersistenceType,
        )
      : null
    reports.push(
      done?.ok
        ? { status: 'SUCCESS', instruction }
        : {
            status: 'FAILURE',
            errorCode: order ? 'ERROR_IN_ORDER' : 'BET_TAKEN_OR_LAPSED',
            instruction,
          },
    )
  }
  return executionReport(params, reports)
}
