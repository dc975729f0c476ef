import type { ColumnType, Generated, Selectable } from 'kysely'

type Timestamp = ColumnType<Date, Date | string, Date | string>
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>
type Json<T> = ColumnType<T, string | undefined, string>

export type SignupMethod = 'password' | 'otp' | 'operator' | 'demo'

/** One row per user that has anything beyond the defaults (created on first write). */
export interface AccountProfileTable {
  user_id: string
  email: string | null
  email_verified: Generated<boolean>
  verify_token: string | null
  /** The code others sign up with (shared as /ReferBy/{code}); unique, case-insensitive. */
  referral_code: string | null
  referred_by_code: string | null
  signup_method: Generated<SignupMethod>
  time_zone_name: Generated<'system' | 'device' | 'india'>
  wallet_code: Generated<string>
  use_bonus_wallet: Generated<boolean>
  /** Per-user bet delays and limits overriding the defaults (getUserSetting). */
  bet_settings: Json<Record<string, unknown>>
}

export type OtpPurpose = 'reset' | 'signup' | 'login'
export type OtpChannel = 'sms' | 'whatsapp'

/** One OTP challenge; its id is the `orderId` the client holds. Only the code's hash is kept. */
export interface OtpChallengeTable {
  id: string
  purpose: OtpPurpose
  channel: OtpChannel
  brand_id: string
  /** Null for a sign-up, or for a reset asked for an unknown account (it can never verify). */
  user_id: string | null
  country_code: string
  mobile: string
  code_hash: string
  sent_at: Timestamp
  expires_at: Timestamp
  failed_attempts: Generated<number>
  /** Set when a step-wise flow (whatsapp/verifyResetPasswordOtp) has checked the code. */
  verified_at: NullableTimestamp
  consumed_at: NullableTimestamp
  created_at: Generated<Timestamp>
}

export interface PromotionTable {
  id: string
  brand_id: string
  code: string
  title: string
  description: string
  details: Generated<string>
  image: string | null
  valid_until: NullableTimestamp
  active: Generated<boolean>
  sort_order: Generated<number>
}

export interface NotificationMessageTable {
  id: string
  brand_id: string
  /** Null: every player of the brand (and guests) sees it. */
  user_id: string | null
  text: string
  /** 'T' or null goes to the header ticker. */
  type: string | null
  active: Generated<boolean>
  created_at: Generated<Timestamp>
}

/** A promo code a player applied; awarding the bonus it names is the bonus engine's work. */
export interface PromoClaimTable {
  user_id: string
  promotion_id: string
  claimed_at: Timestamp
}

export interface AccountTables {
  account_profiles: AccountProfileTable
  otp_challenges: OtpChallengeTable
  promotions: PromotionTable
  notification_messages: NotificationMessageTable
  promo_claims: PromoClaimTable
}

export type AccountProfile = Selectable<AccountProfileTable>
export type OtpChallenge = Selectable<OtpChallengeTable>
