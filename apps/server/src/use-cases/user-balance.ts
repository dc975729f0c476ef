import type { Balance } from '@backlay/contract/balance'
import { paiseToRupees } from '@backlay/contract/money'
import { type Kysely, sql } from 'kysely'
import type { Database, User } from '../db/schema'

/**
 * getBalanceCRef: what the user can stake now and their exposure, from the ledger of the
 * user's book (demo users read the demo book). Stakes at risk are held in `user.exposure`
 * accounts, so the cash account already is ledger balance − exposure.
 */
export async function userBalance(
  db: Kysely<Database>,
  user: Pick<User, 'id' | 'is_demo'>,
): Promise<Balance> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['kind', sql<number>`sum(balance)::bigint`.as('total')])
    .where('owner_user_id', '=', user.id)
    .where('book', '=', user.is_demo ? 'demo' : 'real')
    .where('kind', 'in', ['user.cash', 'user.exposure'])
    .groupBy('kind')
    .execute()
  const total = (kind: string) => rows.find((r) => r.kind === kind)?.total ?? 0
  return {
    balance: paiseToRupees(Math.max(0, total('user.cash'))),
    liability: paiseToRupees(total('user.exposure')),
  }
}
