import type { WageringDetails, WalletType } from '@backlay/contract/balance'
import type { NotificationMessage } from '@backlay/contract/brand'
import { paiseToRupees } from '@backlay/contract/money'
import type { Kysely } from 'kysely'
import type { Clock } from '../clock'
import type { Database } from '../db/schema'
import { fail, type Result, success } from '../result'

/** Brand-wide messages plus the user's own, newest first (ticker shows Type 'T' or null). */
export async function notificationsFor(
  db: Kysely<Database>,
  brandId: string,
  userId: string | null,
): Promise<NotificationMessage[]> {
  const rows = await db
    .selectFrom('notification_messages')
    .select(['id', 'text', 'type'])
    .where('brand_id', '=', brandId)
    .where('active', '=', true)
    .where((eb) =>
      userId
        ? eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)])
        : eb('user_id', 'is', null),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(50)
    .execute()
  return rows.map((r) => ({ id: r.id, text: r.text, Type: r.type }))
}

/** Ledger account of a bonus wallet: `user:<id>:bonus:<walletType>` (real book). */
export const bonusAccountId = (userId: string, walletType: WalletType) =>
  `user:${userId}:bonus:${walletType}`

/**
 * Wagering details of a bonus wallet: its ledger balance. No bonus engine awards wagering
 * targets yet, so the targets read 0 and a wallet without an account answers null.
 */
export async function wageringOf(
  db: Kysely<Database>,
  userId: string,
  walletType: WalletType,
): Promise<WageringDetails | null> {
  if (walletType === 'main') return null
  const account = await db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('id', '=', bonusAccountId(userId, walletType))
    .executeTakeFirst()
  if (!account) return null
  return {
    walletType,
    bonusBalance: paiseToRupees(account.balance),
    wageringRequired: 0,
    wageringCompleted: 0,
    expiresAt: null,
  }
}

/**
 * Applies an active promotion's code to the player, once. Refusals: unknown or ended code
 * (404), already applied (409).
 */
export async function applyPromoCode(
  db: Kysely<Database>,
  clock: Clock,
  input: { userId: string; brandId: string; code: string },
): Promise<Result<{ title: string }, 'PROMO.NOT_FOUND' | 'PROMO.CONFLICT'>> {
  const now = new Date(clock.now())
  const promotion = await db
    .selectFrom('promotions')
    .select(['id', 'title'])
    .where('brand_id', '=', input.brandId)
    .where('active', '=', true)
    .where((eb) => eb(eb.fn('lower', ['code']), '=', input.code.toLowerCase()))
    .where((eb) => eb.or([eb('valid_until', 'is', null), eb('valid_until', '>', now)]))
    .executeTakeFirst()
  if (!promotion) return fail('PROMO.NOT_FOUND', 'Invalid or expired promo code.')
  const inserted = await db
    .insertInto('promo_claims')
    .values({ user_id: input.userId, promotion_id: promotion.id, claimed_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'promotion_id']).doNothing())
    .executeTakeFirst()
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0)
    return fail('PROMO.CONFLICT', 'You have already used this promo code.')
  return success({ title: promotion.title })
}
