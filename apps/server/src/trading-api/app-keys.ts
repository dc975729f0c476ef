import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import { batchedReader } from '../db/batched-reader'
import type { OwnWrites } from '../db/own-writes'
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

/** A key as a call checks it: whose it is, whether it is live, and the operator's switches. */
export interface KeyCheck {
  userId: string
  revoked: boolean
  lastUsedAt: Date | null
  allowed: boolean
}

/**
 * Reads keys for the calls' checks, with one query for the calls of a turn and, in a process
 * that is its store's only writer, none again until a key, user or brand row changes (db
 * batched-reader.ts): a bot polling many times a second costs no query for its key.
 */
export function keyReader(db: Kysely<Database>, ownWrites?: OwnWrites) {
  return batchedReader(
    async (keys: string[]) => {
      const rows = await db
        .selectFrom('app_keys as k')
        .innerJoin('users as u', 'u.id', 'k.user_id')
        .innerJoin('brands as b', 'b.id', 'u.brand_id')
        .select([
          'k.app_key',
          'k.user_id',
          'k.revoked_at',
          'k.last_used_at',
          'u.api_access',
          'b.config',
        ])
        .where('k.app_key', 'in', keys)
        .execute()
      return new Map(
        rows.map((r) => [
          r.app_key,
          {
            userId: r.user_id,
            revoked: r.revoked_at !== null,
            lastUsedAt: r.last_used_at,
            allowed: r.api_access && brandSettingsOf(r).tradingApi,
          } satisfies KeyCheck,
        ]),
      )
    },
    ownWrites?.rows(['app_keys', 'users', 'brands']),
  )
}

/**
 * Whether `appKey` (read as `key`) is a live key of the player, noting its use (at most once a minute, so a bot
 * polling many times a second does not write each time).
 */
export async function useAppKey(
  db: Kysely<Database>,
  userId: string,
  appKey: string,
  now: number,
  check?: KeyCheck,
): Promise<boolean> {
  const key = check ?? (await keyReader(db)(appKey))
  if (!key || key.userId !== userId || key.revoked) return false
  if (!key.lastUsedAt || now - key.lastUsedAt.getTime() > TOUCH_EVERY_MS)
    await db
      .updateTable('app_keys')
      .set({ last_used_at: new Date(now) })
      .where('app_key', '=', appKey)
      .execute()
  return true
}
