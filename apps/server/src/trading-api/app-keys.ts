import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import { brandSettingsOf } from '../use-cases/brand-config'

/** How stale a key's last use may be shown before a call writes it again. */
const TOUCH_EVERY_MS = 60_000

export interface AppKeyView {
  appKey: string
  createdAt: string
  lastUsedAt: string | null
}

const view = (row: { app_key: string; created_at: Date; last_used_at: Date | null }) => ({
  appKey: row.app_key,
  createdAt: row.created_at.toISOString(),
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
})

/** A new key for the player: 16 characters, as Betfair's are. */
export async function createAppKey(db: Kysely<Database>, userId: string, now: number) {
  const row = await db
    .insertInto('app_keys')
    .values({
      app_key: randomBytes(12).toString('base64url'),
      user_id: userId,
      created_at: new Date(now),
    })
    .returning(['app_key', 'created_at', 'last_used_at'])
    .executeTakeFirstOrThrow()
  return view(row)
}

/** The player's keys that still work, newest first. */
export async function listAppKeys(db: Kysely<Database>, userId: string): Promise<AppKeyView[]> {
  const rows = await db
    .selectFrom('app_keys')
    .select(['app_key', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute()
  return rows.map(view)
}

/** Revokes one of the player's keys; false when it is not theirs or already revoked. */
export async function revokeAppKey(
  db: Kysely<Database>,
  userId: string,
  appKey: string,
  now: number,
): Promise<boolean> {
  const done = await db
    .updateTable('app_keys')
    .set({ revoked_at: new Date(now) })
    .where('app_key', '=', appKey)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return Number(done.numUpdatedRows) > 0
}

/**
 * Whether `appKey` is a live key of the player, noting its use (at most once a minute, so a bot
 * polling many times a second does not write each time).
 */
export async function useAppKey(
  db: Kysely<Database>,
  userId: string,
  appKey: string,
  now: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('app_keys')
    .select(['last_used_at'])
    .where('app_key', '=', appKey)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  if (!row) return false
  if (!row.last_used_at || now - row.last_used_at.getTime() > TOUCH_EVERY_MS)
    await db
      .updateTable('app_keys')
      .set({ last_used_at: new Date(now) })
      .where('app_key', '=', appKey)
      .execute()
  return true
}

/** Whether the operator lets the player use the trading API: the brand's switch and theirs. */
export async function apiAllowed(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .innerJoin('brands', 'brands.id', 'users.brand_id')
    .select(['users.api_access', 'brands.config'])
    .where('users.id', '=', userId)
    .executeTakeFirst()
  return row?.api_access === true && brandSettingsOf(row).tradingApi
}
