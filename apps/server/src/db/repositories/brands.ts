import type { Kysely } from 'kysely'
import type { Brand, Database } from '../schema'

export interface BrandInput {
  id: string
  host: string
  name: string
  isDefault: boolean
  config: Record<string, unknown>
}

export function brandsRepository(db: Kysely<Database>) {
  return {
    /** Inserts the brand unless its id exists (operators' later edits are kept). */
    async ensure(brand: BrandInput, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .insertInto('brands')
        .values({
          id: brand.id,
          host: brand.host,
          name: brand.name,
          is_default: brand.isDefault,
          config: JSON.stringify(brand.config),
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute()
    },

    /** The brand for a request host (lower-cased, port removed), else the default brand. */
    async forHost(host: string, trx: Kysely<Database> = db): Promise<Brand | undefined> {
      const bare = host.toLowerCase().replace(/:\d+$/, '')
      const exact = await trx
        .selectFrom('brands')
        .selectAll()
        .where('host', '=', bare)
        .executeTakeFirst()
      return (
        exact ??
        trx.selectFrom('brands').selectAll().where('is_default', '=', true).executeTakeFirst()
      )
    },
  }
}
