import { randomUUID } from 'node:crypto'
import {
  type AdminBrand,
  type BrandSettings,
  loginProtection,
  type updateBrandRequest,
} from '@backlay/contract/admin'
import { siteConfig, socialLinks, supportInfo } from '@backlay/contract/brand'
import { depositMethod } from '@backlay/contract/deposit'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { Brand, Database } from '../db/schema'
import { fail, type Result, success } from '../result'
import { recordAudit } from './audit'
import type { OperatorActor } from './guard'

/**
 * Brands as the console edits them. The settings live in `brands.config`, which the player
 * API reads on every request (use-cases/brand-config.ts), so a saved change shows at once.
 * Keys the console does not edit (versions, analytics ids, …) are kept as stored.
 */

const stored = z.object({
  site: siteConfig.catch(siteConfig.parse({})),
  theme: z
    .object({ primary: z.string(), secondary: z.string(), background: z.string() })
    .catch({ primary: '#0b3d2e', secondary: '#f5c518', background: '#f4f6f5' }),
  socials: socialLinks.catch({}),
  support: supportInfo.catch({
    wpnumber: null,
    instagram: null,
    facebook: null,
    twitter: null,
    telegram: null,
    email: null,
    message: null,
  }),
  redirects: z.record(z.string(), z.string()).catch({}),
  logoUrl: z.string().nullable().catch(null),
  banners: z
    .array(z.object({ id: z.string(), image: z.string(), link: z.string(), title: z.string() }))
    .catch([]),
  depositMethods: z.array(depositMethod).catch([]),
  loginProtection: loginProtection.catch(loginProtection.parse({})),
  tradingApi: z.boolean().catch(true),
})

async function brandWideMessages(db: Kysely<Database>, brandId: string) {
  const rows = await db
    .selectFrom('notification_messages')
    .select(['id', 'text', 'type'])
    .where('brand_id', '=', brandId)
    .where('user_id', 'is', null)
    .where('active', '=', true)
    .orderBy('created_at')
    .execute()
  return rows.map((r) => ({ id: r.id, text: r.text, Type: r.type }))
}

async function toAdminBrand(db: Kysely<Database>, brand: Brand): Promise<AdminBrand> {
  const settings = stored.parse(brand.config ?? {})
  return {
    id: brand.id,
    host: brand.host,
    name: brand.name,
    isDefault: brand.is_default,
    settings: { ...settings, notifications: await brandWideMessages(db, brand.id) },
  }
}

export function brandsAdmin(db: Kysely<Database>) {
  return {
    async list(): Promise<AdminBrand[]> {
      const brands = await db.selectFrom('brands').selectAll().orderBy('id').execute()
      return Promise.all(brands.map((b) => toAdminBrand(db, b)))
    },

    async get(id: string) {
      const brand = await db
        .selectFrom('brands')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst()
      return brand ? toAdminBrand(db, brand) : null
    },

    /** Saves identity and settings; messages no longer listed are switched off, not deleted. */
    async update(
      actor: OperatorActor,
      id: string,
      input: z.output<typeof updateBrandRequest>,
    ): Promise<Result<AdminBrand>> {
      return db.transaction().execute(async (trx) => {
        const brand = await trx
          .selectFrom('brands')
          .selectAll()
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst()
        if (!brand) return fail('BRAND.NOT_FOUND', 'No such brand.')
        const host = input.host.toLowerCase()
        const clash = await trx
          .selectFrom('brands')
          .select('id')
          .where('host', '=', host)
          .where('id', '<>', id)
          .executeTakeFirst()
        if (clash) return fail('BRAND.CONFLICT', 'Another brand already serves that host.')
        const before = await toAdminBrand(trx, brand)
        const { notifications, ...settings }: BrandSettings = input.settings
        await trx
          .updateTable('brands')
          .set({
            name: input.name,
            host,
            config: JSON.stringify({ ...(brand.config ?? {}), ...settings }),
          })
          .where('id', '=', id)
          .execute()
        const keep = notifications.filter((n) => n.id).map((n) => n.id)
        let off = trx
          .updateTable('notification_messages')
          .set({ active: false })
          .where('brand_id', '=', id)
          .where('user_id', 'is', null)
        if (keep.length) off = off.where('id', 'not in', keep)
        await off.execute()
        for (const n of notifications) {
          const values = { text: n.text, type: n.Type, active: true }
          const updated = n.id
            ? await trx
                .updateTable('notification_messages')
                .set(values)
                .where('id', '=', n.id)
                .where('brand_id', '=', id)
                .executeTakeFirst()
            : null
          if (!updated || Number(updated.numUpdatedRows) === 0)
            await trx
              .insertInto('notification_messages')
              .values({ id: randomUUID(), brand_id: id, user_id: null, ...values })
              .execute()
        }
        const saved = await trx
          .selectFrom('brands')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
        const after = await toAdminBrand(trx, saved)
        await recordAudit(trx, {
          actorId: actor.id,
          action: 'brand.update',
          targetType: 'brand',
          targetId: id,
          before,
          after,
        })
        return success(after)
      })
    },
  }
}
