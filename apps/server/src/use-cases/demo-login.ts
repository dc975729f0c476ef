import { randomBytes, randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { hashPassword } from '../auth/password'
import { usersRepository } from '../db/repositories/users'
import type { Database } from '../db/schema'
import {
  HOUSE_CASH,
  openHouseAccount,
  openUserCashAccount,
  postTransaction,
} from '../ledger/ledger'

/** ₹1,500 of play money, in paise, in the demo book only. */
export const DEMO_CREDIT = 1_500 * 100

/**
 * Creates a demo player in the brand with play money from the demo house account, and returns
 * the credentials the client then logs in with. Demo money stays in the demo book (the ledger
 * refuses a transaction that crosses books), so it can never reach a real balance.
 */
export async function createDemoUser(
  db: Kysely<Database>,
  brandId: string,
  requestId: string,
): Promise<{ user_name: string; password: string }> {
  const userName = `demo_${randomBytes(5).toString('hex')}`
  const password = randomBytes(9).toString('base64url')
  const passwordHash = await hashPassword(password)
  await db.transaction().execute(async (trx) => {
    const user = await usersRepository(trx).insert({
      id: randomUUID(),
      brand_id: brandId,
      role: 'player',
      user_name: userName,
      name: 'Demo Player',
      mobile: null,
      country_code: null,
      password_hash: passwordHash,
      is_demo: true,
      operator_id: null,
      settings: JSON.stringify({}),
    })
    await openHouseAccount(trx, 'demo')
    const cash = await openUserCashAccount(trx, user.id, 'demo')
    const credited = await postTransaction(trx, {
      kind: 'demo.credit',
      book: 'demo',
      memo: 'Demo play money',
      requestId,
      legs: [
        { accountId: HOUSE_CASH.demo, amount: -DEMO_CREDIT },
        { accountId: cash, amount: DEMO_CREDIT },
      ],
    })
    // The house account may go negative, so only a bug can refuse this posting.
    if (!credited.ok) throw new Error(`demo credit failed: ${credited.msg}`)
  })
  return { user_name: userName, password }
}
