import { type Kysely, sql } from 'kysely'

/**
 * Accounts: per-user profile and preferences, one-time passwords (reset and phone sign-up),
 * brand promotions and notification messages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE account_profiles (
      user_id text PRIMARY KEY REFERENCES users(id),
      email text,
      email_verified boolean NOT NULL DEFAULT false,
      verify_token text,
      referral_code text,
      referred_by_code text,
      signup_method text NOT NULL DEFAULT 'password' CHECK (signup_method IN ('password', 'otp', 'operator', 'demo')),
      time_zone_name text NOT NULL DEFAULT 'india' CHECK (time_zone_name IN ('system', 'device', 'india')),
      wallet_code text NOT NULL DEFAULT 'main',
      use_bonus_wallet boolean NOT NULL DEFAULT false,
      bet_settings jsonb NOT NULL DEFAULT '{}'::jsonb
    )`.execute(db)
  // A referral code is shared as a link, so it is unique across brands and case-insensitive.
  await sql`CREATE UNIQUE INDEX account_profiles_referral ON account_profiles (lower(referral_code)) WHERE referral_code IS NOT NULL`.execute(
    db,
  )

  await sql`
    CREATE TABLE otp_challenges (
      id text PRIMARY KEY,
      purpose text NOT NULL CHECK (purpose IN ('reset', 'signup')),
      channel text NOT NULL CHECK (channel IN ('sms', 'whatsapp')),
      brand_id text NOT NULL REFERENCES brands(id),
      user_id text REFERENCES users(id),
      country_code text NOT NULL,
      mobile text NOT NULL,
      code_hash text NOT NULL,
      sent_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      failed_attempts integer NOT NULL DEFAULT 0,
      verified_at timestamptz,
      consumed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`CREATE INDEX otp_challenges_mobile ON otp_challenges (country_code, mobile, sent_at)`.execute(
    db,
  )

  await sql`
    CREATE TABLE promotions (
      id text PRIMARY KEY,
      brand_id text NOT NULL REFERENCES brands(id),
      code text NOT NULL,
      title text NOT NULL,
      description text NOT NULL,
      details text NOT NULL DEFAULT '',
      image text,
      valid_until timestamptz,
      active boolean NOT NULL DEFAULT true,
      sort_order integer NOT NULL DEFAULT 0
    )`.execute(db)
  await sql`CREATE UNIQUE INDEX promotions_brand_code ON promotions (brand_id, lower(code))`.execute(
    db,
  )

  await sql`
    CREATE TABLE notification_messages (
      id text PRIMARY KEY,
      brand_id text NOT NULL REFERENCES brands(id),
      user_id text REFERENCES users(id),
      text text NOT NULL,
      type text,
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`CREATE INDEX notification_messages_brand ON notification_messages (brand_id, created_at)`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'notification_messages',
    'promotions',
    'otp_challenges',
    'account_profiles',
  ]) {
    await sql`DROP TABLE ${sql.table(table)}`.execute(db)
  }
}
