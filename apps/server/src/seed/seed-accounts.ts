import type { Kysely } from 'kysely'
import { accountProfilesRepository } from '../db/repositories/account-profiles'
import { usersRepository } from '../db/repositories/users'
import type { Database } from '../db/schema'

/** Development brand settings: sign-up open, support contacts and socials filled in. */
export const DEV_BRAND_CONFIG = {
  site: {
    isSignup: true,
    isSignupByReferral: true,
    isContactUs: true,
    isWhatsappLink: true,
    isWhatsappSignup: true,
    isTelegram: true,
    isInstagram: true,
    isEmail: true,
    isDeposit: true,
    isWithdrawal: true,
  },
  support: {
    wpnumber: '+919000000000',
    instagram: 'https://instagram.com/backlay',
    facebook: null,
    twitter: null,
    telegram: 'https://t.me/backlay',
    email: 'support@backlay.example',
    message: 'Support is available 24x7.',
  },
  socials: {
    telegram: { url: 'https://t.me/backlay', is_active: true },
    whatsapp: { url: 'https://wa.me/919000000000', is_active: true },
    gmail: { url: 'mailto:support@backlay.example', is_active: true },
  },
} as const

export const DEV_PROMO_CODE = 'welcome100'
/** demo1's own referral code, for /ReferBy/demo1ref. */
export const DEV_REFERRAL_CODES = { demo1: 'demo1ref', operator1: 'op1ref' } as const

/**
 * Accounts part of the dev seed (idempotent): brand settings where none are stored yet, one
 * promotion, two ticker messages and referral codes for the seeded users.
 */
export async function seedAccountsDevData(db: Kysely<Database>, brandIds: readonly string[]) {
  for (const brandId of brandIds) {
    await db
      .updateTable('brands')
      .set({ config: JSON.stringify(DEV_BRAND_CONFIG) })
      .where('id', '=', brandId)
      .where((eb) => eb(eb.cast('config', 'text'), '=', '{}'))
      .execute()
    await db
      .insertInto('promotions')
      .values({
        id: `${brandId}:welcome`,
        brand_id: brandId,
        code: DEV_PROMO_CODE,
        title: 'Welcome bonus',
        description: '100% on your first deposit',
        details: 'Deposit once and get the same amount as a sports bonus, up to ₹10,000.',
        image: null,
        valid_until: null,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute()
    await db
      .insertInto('notification_messages')
      .values([
        {
          id: `${brandId}:welcome`,
          brand_id: brandId,
          user_id: null,
          text: 'Welcome to Backlay! Bet responsibly.',
          type: 'T',
        },
        {
          id: `${brandId}:maintenance`,
          brand_id: brandId,
          user_id: null,
          text: 'Scheduled maintenance on Sunday 02:00–03:00 IST.',
          type: 'N',
        },
      ])
      .onConflict((oc) => oc.column('id').doNothing())
      .execute()
  }
  const users = usersRepository(db)
  const profiles = accountProfilesRepository(db)
  for (const [userName, code] of Object.entries(DEV_REFERRAL_CODES)) {
    const user = await users.findByUserName('localhost', userName)
    if (user && !(await profiles.get(user.id)).referral_code) {
      await profiles.save(user.id, { referral_code: code })
    }
  }
}
