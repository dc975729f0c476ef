import {
  accountStatementParams,
  filterParams,
  listMarketBookParams,
  listMarketCatalogueParams,
  listRunnerBookParams,
  type MarketBook,
} from '@backlay/contract/betfair-api'
import {
  cancelOrdersParams,
  listClearedOrdersParams,
  listCurrentOrdersParams,
  listMarketProfitAndLossParams,
  placeOrdersParams,
  replaceOrdersParams,
  updateOrdersParams,
} from '@backlay/contract/betfair-orders'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { oddsPlacement } from '../markets/odds-placement'
import { getAccountDetails, getAccountFunds, getAccountStatement } from './account'
import type { ApiCaller } from './api-caller'
import { BookMemo } from './book-memo'
import { listMarketBook } from './market-book'
import {
  filteredMarkets,
  listCompetitions,
  listCountries,
  listEvents,
  listEventTypes,
  listMarketCatalogue,
  listMarketTypes,
} from './market-reads'
import { replaceOrders, updateOrders } from './order-changes'
import { listClearedOrders, listCurrentOrders, listMarketProfitAndLoss } from './order-reads'
import { cancelOrders, placeOrders } from './orders'
import { stakeGate } from './stake-gate'

/** An operation of Betfair's API-NG: its params as Betfair documents them, and what it does. */
export interface Operation {
  params: z.ZodType
  run: (caller: ApiCaller, params: never) => Promise<unknown>
}

const operation = <P extends z.ZodType>(
  params: P,
  run: (caller: ApiCaller, params: z.output<P>) => Promise<unknown>,
): Operation => ({ params, run: run as Operation['run'] })

/** The operations served, by API (SportsAPING for betting, AccountAPING) and name. */
export function operations(
  app: FastifyInstance,
): Record<'SportsAPING' | 'AccountAPING', Record<string, Operation>> {
  const place = oddsPlacement(app)
  const deps = { db: app.db, engine: app.exchange }
  const memo = new BookMemo()
  const gate = stakeGate(app)
  const grouped = (group: (markets: Awaited<ReturnType<typeof filteredMarkets>>) => unknown) =>
    operation(filterParams, async (caller, params) =>
      group(await filteredMarkets(app.db, params.filter, caller.userId)),
    )
  return {
    SportsAPING: {
      listEventTypes: grouped(listEventTypes),
      listCompetitions: grouped(listCompetitions),
      listEvents: grouped(listEvents),
      listMarketTypes: grouped(listMarketTypes),
      listCountries: grouped(listCountries),
      listMarketCatalogue: operation(listMarketCatalogueParams, (caller, params) =>
        listMarketCatalogue(app.db, params, caller.userId),
      ),
      listMarketBook: operation(listMarketBookParams, (caller, params) =>
        listMarketBook(deps, params, caller.userId, memo),
      ),
      listRunnerBook: operation(listRunnerBookParams, async (caller, params) => {
        const { marketId, selectionId, ...rest } = params
        // Without a memo every answer is a MarketBook.
        const books = (await listMarketBook(
          deps,
          { ...rest, marketIds: [marketId] },
          caller.userId,
        )) as MarketBook[]
        return books.map((b) => ({
          ...b,
          runners: b.runners.filter((r) => r.selectionId === selectionId),
        }))
      }),
      placeOrders: operation(placeOrdersParams, (caller, params) =>
        placeOrders(app, place, gate, caller, params),
      ),
      cancelOrders: operation(cancelOrdersParams, (caller, params) =>
        cancelOrders(app, caller, params),
      ),
      replaceOrders: operation(replaceOrdersParams, (caller, params) =>
        replaceOrders(app, place, gate, caller, params),
      ),
      updateOrders: operation(updateOrdersParams, (caller, params) =>
        updateOrders(app, caller, params),
      ),
      listCurrentOrders: operation(listCurrentOrdersParams, (caller, params) =>
        listCurrentOrders(app, caller, params),
      ),
      listClearedOrders: operation(listClearedOrdersParams, (caller, params) =>
        listClearedOrders(app, caller, params),
      ),
      listMarketProfitAndLoss: operation(listMarketProfitAndLossParams, (caller, params) =>
        listMarketProfitAndLoss(app, caller, params),
      ),
    },
    AccountAPING: {
      getAccountFunds: operation(z.object({ wallet: z.string().optional() }), (caller) =>
        getAccountFunds(app, caller),
      ),
      getAccountDetails: operation(z.object({}), (caller) => getAccountDetails(app, caller)),
      getAccountStatement: operation(accountStatementParams, (caller, params) =>
        getAccountStatement(app, caller, params),
      ),
    },
  }
}
