import { type Kysely, sql } from 'kysely'
import type { Database, NewUser, User } from '../schema'

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
      return trx
        .selectFrom('users')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where(sql<string>`lower(user_name)`, '=', userName.toLowerCase())
        .executeTakeFirst()
    },

    async findByMobile(
      brandId: string,
      countryCode: string,
      mobile: string,
      trx: Kysely<Database> = db,
    ): Promise<User | undefined> {
      return trx
        .selectFrom('users')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('country_code', '=', countryCode)
        .where('mobile', '=', mobile)
        .executeTakeFirst()
    },
  }
}
