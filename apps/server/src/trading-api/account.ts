import type { accountStatementParams } from '@backlay/contract/betfair-api'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import { accountStatement } from '../use-cases/statements'
import { userBalance } from '../use-cases/user-balance'
import type { ApiCaller } from './api-caller'

/**
 * getAccountFunds: what the web shows, in rupees: the cash a player can still stake (balance
 * less what their bets hold) and, as Betfair signs it, exposure as a negative amount.
 */
export async function getAccountFunds(app: FastifyInstance, caller: ApiCaller) {
  const user = await app.db
    .selectFrom('users')
    .select(['id', 'is_demo'])
    .where('id', '=', caller.userId)
    .executeTakeFirstOrThrow()
  const { balance, liability } = await userBalance(app.db, user)
  return {
    availableToBetBalance: balance,
    exposure: liability === 0 ? 0 : -Math.abs(liability),
    retainedCommission: 0,
    exposureLimit: -balance - Math.abs(liability),
    discountRate: 0,
    pointsBalance: 0,
    wallet: 'UK' as const,
  }
}

/** getAccountDetails: the player's name; Backlay's money is rupees (INR) on every brand. */
export async function getAccountDetails(app: FastifyInstance, caller: ApiCaller) {
  const user = await app.db
    .selectFrom('users')
    .select('name')
    .where('id', '=', caller.userId)
    .executeTakeFirstOrThrow()
  const [firstName = '', ...rest] = user.name.trim().split(/\s+/)
  return {
    currencyCode: 'INR',
    firstName,
    lastName: rest.join(' '),
    localeCode: 'en',
    region: 'GBR',
    timezone: 'Asia/Kolkata',
    discountRate: 0,
    pointsBalance: 0,
    countryCode: 'IN',
  }
}

/**
 * getAccountStatement: the web's account statement in Betfair's shape. A bet settlement is an
 * EXCHANGE item (its market in legacyData); the rest are UNKNOWN items naming their type.
 */
export async function getAccountStatement(
  app: FastifyInstance,
  caller: ApiCaller,
  params: z.output<typeof accountStatementParams>,
) {
  const limit = params.recordCount ?? 100
  const from = params.fromRecord ?? 0
  const page = await accountStatement(
    app.db,
    { userId: caller.userId, book: caller.trader.book },
    {
      page: Math.floor(from / limit) + 1,
      limit,
      from_date: params.itemDateRange?.from,
      to_date: params.itemDateRange?.to,
    },
  )
  // includeItem narrows the page it reads (a page may then hold fewer than recordCount items).
  const wanted = page.list.filter((row) =>
    params.includeItem === 'DEPOSITS_WITHDRAWALS'
      ? row.type === 'DEPOSIT' || row.type === 'WITHDRAWAL'
      : params.includeItem === 'EXCHANGE'
        ? row.type === 'BET_SETTLEMENT' || row.type === 'COMMISSION'
        : params.includeItem !== 'POKER_ROOM',
  )
  return {
    accountStatement: wanted.map((row) => {
      const amount = row.credit > 0 ? row.credit : -row.debit
      const exchange = row.type === 'BET_SETTLEMENT'
      return {
        refId: row.id,
        itemDate: row.createdAt,
        amount,
        balance: row.balance,
        itemClass: exchange ? ('EXCHANGE' as const) : ('UNKNOWN' as const),
        itemClassData: {
          unknownStatementItem: JSON.stringify({ type: row.type, description: row.description }),
        },
        legacyData: {
          transactionType: amount >= 0 ? 'ACCOUNT_CREDIT' : 'ACCOUNT_DEBIT',
          ...(exchange
            ? { marketName: row.description, winLose: amount >= 0 ? 'RESULT_WON' : 'RESULT_LOST' }
            : {}),
          ...(row.match_id ? { eventId: row.match_id } : {}),
        },
      }
    }),
    moreAvailable: page.total > from + page.list.length,
  }
}
