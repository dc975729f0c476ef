import type { Insertable, Kysely, Updateable } from 'kysely'
import type { Database } from '../schema'
import type { AccountProfile, AccountProfileTable } from '../schema-accounts'

type ProfileChange = Omit<Updateable<AccountProfileTable>, 'user_id'>

const defaults = (userId: string): AccountProfile => ({
  user_id: userId,
  email: null,
  email_verified: false,
  verify_token: null,
  referral_code: null,
  referred_by_code: null,
  signup_method: 'password',
  time_zone_name: 'india',
  wallet_code: 'main',
  use_bonus_wallet: false,
  bet_settings: {},
})

/** Profile rows are created on first write; a user without one reads the defaults. */
export function accountProfilesRepository(db: Kysely<Database>) {
  return {
    async get(userId: string, trx: Kysely<Database> = db): Promise<AccountProfile> {
      const row = await trx
        .selectFrom('account_profiles')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst()
      return row ?? defaults(userId)
    },

    async save(userId: string, change: ProfileChange, trx: Kysely<Database> = db): Promise<void> {
      const insert = { user_id: userId, ...change } as Insertable<AccountProfileTable>
      await trx
        .insertInto('account_profiles')
        .values(insert)
        .onConflict((oc) => oc.column('user_id').doUpdateSet(change))
        .execute()
    },

    async findByReferralCode(
      code: string,
      trx: Kysely<Database> = db,
    ): Promise<AccountProfile | undefined> {
      return trx
        .selectFrom('account_profiles')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['referral_code']), '=', code.toLowerCase()))
        .executeTakeFirst()
    },
  }
}
