import type { Kysely } from 'kysely'
import type { Database, LedgerBook } from '../db/schema'
import {
  HOUSE_CASH,
  openAccount,
  openHouseAccount,
  postTransaction,
  userCashAccountId,
} from '../ledger/ledger'

/**
 * Ledger accounts the exchange moves money between. A user's stake at risk sits in their
 * exposure account (cash → exposure when a bet needs more, back when it needs less), so the cash
 * account is what they can still stake and the ledger's no-negative rule on it is the funds check.
 */
export const exposureAccountId = (userId: string, book: LedgerBook) =>
  `user:${userId}:exposure:${book}`
export const commissionAccountId = (book: LedgerBook) => `house:commission:${book}`
export { HOUSE_CASH, userCashAccountId }

/** The house's liquidity account: an ordinary trading account with no users row behind it. */
export const MARKET_MAKER_ID = 'market-maker'
/** ₹100 crore of house money to quote with. */
export const MARKET_MAKER_FUNDS = 100_00_00_000 * 100

/**
 * Opens the user's cash and exposure accounts (both idempotent in the store); `opened` remembers
 * them for the caller's store so the hot path asks only once.
 */
export async function ensureTradingAccounts(
  db: Kysely<Database>,
  userId: string,
  book: LedgerBook,
  opened: Set<string> = new Set(),
): Promise<void> {
  const key = `${userId}:${book}`
  if (opened.has(key)) return
  const owner = userId === MARKET_MAKER_ID ? null : userId
  await openAccount(db, {
    id: userCashAccountId(userId, book),
    kind: 'user.cash',
    book,
    ownerUserId: owner,
    allowNegative: false,
  })
  await openAccount(db, {
    id: exposureAccountId(userId, book),
    kind: 'user.exposure',
    book,
    ownerUserId: owner,
    allowNegative: false,
  })
  opened.add(key)
}

/** House accounts of both books and the funded market maker; safe to run at every start. */
export async function ensureHouseAccounts(db: Kysely<Database>): Promise<void> {
  for (const book of ['real', 'demo'] as const) {
    await openHouseAccount(db, book)
    await openAccount(db, {
      id: commissionAccountId(book),
      kind: 'house.commission',
      book,
      ownerUserId: null,
      allowNegative: true,
    })
  }
  await ensureTradingAccounts(db, MARKET_MAKER_ID, 'real')
  const funded = await postTransaction(db, {
    kind: 'market-maker.funding',
    book: 'real',
    idempotencyKey: 'market-maker:funding',
    memo: 'House liquidity',
    legs: [
      { accountId: HOUSE_CASH.real, amount: -MARKET_MAKER_FUNDS },
      { accountId: userCashAccountId(MARKET_MAKER_ID, 'real'), amount: MARKET_MAKER_FUNDS },
    ],
  })
  if (!funded.ok) throw new Error(`funding the market maker failed: ${funded.msg}`)
}

/**
 * Each user's commission in a settlement or a correction, kept in the posting's metadata: the
 * commission account holds only the total, and the back office's figures per brand and per
 * player need whose it was. commissionByUser([{userId:'u1',commission:400}]) → { u1: 400 }
 */
export const commissionByUser = (
  users: readonly { userId: string; commission: number }[],
): Record<string, number> =>
  Object.fromEntries(users.filter((u) => u.commission !== 0).map((u) => [u.userId, u.commission]))
