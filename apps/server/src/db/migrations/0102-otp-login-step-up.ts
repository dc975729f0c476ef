import { type Kysely, sql } from 'kysely'

/** OTP challenges that confirm a login after many failed ones (auth/login-guard.ts). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE otp_challenges DROP CONSTRAINT otp_challenges_purpose_check`.execute(db)
  await sql`
    ALTER TABLE otp_challenges ADD CONSTRAINT otp_challenges_purpose_check
      CHECK (purpose IN ('reset', 'signup', 'login'))`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE otp_challenges DROP CONSTRAINT otp_challenges_purpose_check`.execute(db)
  await sql`
    ALTER TABLE otp_challenges ADD CONSTRAINT otp_challenges_purpose_check
      CHECK (purpose IN ('reset', 'signup'))`.execute(db)
}
