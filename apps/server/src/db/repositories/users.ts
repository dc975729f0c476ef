import { type Kysely, sql } from 'kysely'
import type { Database, NewUser, User } from '../schema'

const inBrand = (trx: Kysely<Database>, brandId: string) =>
  trx.selectFrom('users').selectAll().where('brand_id', '=', brandId)

export function usersRepository(db: Kysely<Database>) {
  return {
    async insert(user: NewUser, trx: Kysely<Database> = db): Promise<User> {
      return trx.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow()
    },

    async findById(id: string, trx: Kysely<Database> = db): Promise<User | undefined> {
      return trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
    },

    /** User ids are case-insensitive within a brand. */
    async findByUserName(
      brandId: string,
      userName: string,
      trx: Kysely<Database> = db,
    ): Promise<User | undefined> {
      return inBrand(trx, brandId)
        .where(sql<string>`lower(user_name)`, '=', userName.toLowerCase())
        .executeTakeFirst()
    },

    async findByMobile(
      brandId: string,
      countryCode: string,
      mobile: string,
      trx: Kysely<Database> = db,
    ): Promise<User | undefined> {
      return inBrand(trx, brandId)
        .where('country_code', '=', countryCode)
        .where('mobile', '=', mobile)
        .executeTakeFirst()
    },

    /** A mobile login's user name: country code and number together ('+919876543210'). */
    async findByFullMobile(
      brandId: string,
      fullMobile: string,
      trx: Kysely<Database> = db,
    ): Promise<User | undefined> {
      return inBrand(trx, brandId)
        .where(sql<string>`country_code || mobile`, '=', fullMobile)
        .executeTakeFirst()
    },

    async updatePasswordHash(
      id: string,
      passwordHash: string,
      trx: Kysely<Database> = db,
    ): Promise<void> {
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash })
        .where('id', '=', id)
        .execute()
    },

    async updateSettings(
      id: string,
      settings: Record<string, unknown>,
      trx: Kysely<Database> = db,
    ): Promise<void> {
      await trx
        .updateTable('users')
        .set({ settings: JSON.stringify(settings) })
        .where('id', '=', id)
        .execute()
    },
  }
}
