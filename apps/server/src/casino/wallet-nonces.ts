import { CASINO_WALLET_MAX_AGE_MS } from '@backlay/contract/casino-wallet-signature'
import type { Kysely } from 'kysely'
import type { Clock } from '../clock'
import type { Database } from '../db/schema'

// A call is fresh for 30 s either side of its timestamp, so its replay can come up to 60 s after
// the original arrived; nonces are kept twice that.
const KEEP_MS = 4 * CASINO_WALLET_MAX_AGE_MS

/** The store's record of signed wallet calls' nonces, shared by every server process. */
export function walletNonces(db: Kysely<Database>, clock: Clock) {
  let prunedAt = 0
  return {
    /** True the first time `nonce` is seen; false for a replay. */
    async firstUse(nonce: string): Promise<boolean> {
      const now = clock.now()
      if (now - prunedAt > CASINO_WALLET_MAX_AGE_MS) {
        prunedAt = now
        await db
          .deleteFrom('casino_wallet_nonces')
          .where('seen_at', '<', new Date(now - KEEP_MS))
          .execute()
      }
      const inserted = await db
        .insertInto('casino_wallet_nonces')
        .values({ nonce, seen_at: new Date(now) })
        .onConflict((oc) => oc.column('nonce').doNothing())
        .returning('nonce')
        .executeTakeFirst()
      return inserted !== undefined
    },
  }
}
