import { brandHost } from '@backlay/contract/brand-host'
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

    /**
     * The brand for a request host ('www.lotus.example:443' → brand 'lotus.example'; shell §1),
     * else the default brand.
     */
    async forHost(host: string, trx: Kysely<Database> = db): Promise<Brand | undefined> {
      const exact = await trx
        .selectFrom('brands')
        .selectAll()
        .where('host', '=', brandHost(host))
        .executeTakeFirst()
      return (
        exact ??
        trx.selectFrom('brands').selectAll().where('is_default', '=', true).executeTakeFirst()
      )
    },

    async byId(id: string, trx: Kysely<Database> = db): Promise<Brand | undefined> {
      return trx.selectFrom('brands').selectAll().where('id', '=', id).executeTakeFirst()
    },

    /** The configured brands' own hosts among `hosts` (already reduced by `brandHost`). */
    async knownHosts(hosts: string[], trx: Kysely<Database> = db): Promise<Set<string>> {
      const rows = await trx
        .selectFrom('brands')
        .select('host')
        .where('host', 'in', hosts)
        .execute()
      return new Set(rows.map((row) => row.host))
    },

    async updateConfig(
      id: string,
      config: Record<string, unknown>,
      trx: Kysely<Database> = db,
    ): Promise<void> {
      await trx
        .updateTable('brands')
        .set({ config: JSON.stringify(config) })
        .where('id', '=', id)
        .execute()
    },
  }
}
