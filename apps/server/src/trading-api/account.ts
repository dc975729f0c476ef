import type { FastifyInstance } from 'fastify'
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
