import { type Kysely, sql } from 'kysely'

/**
 * Deposit and withdrawal requests (contract deposit.ts). A deposit is a claim the operator
 * approves (credit through the ledger) or rejects; a withdrawal holds its amount in the ledger
 * at once until it is paid out, rejected or cancelled. The history keeps every status change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE payment_requests (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users(id),
      type text NOT NULL CHECK (type IN ('DEPOSIT', 'WITHDRAWAL')),
      method text NOT NULL CHECK (method IN ('UPI', 'BANK')),
      amount bigint NOT NULL CHECK (amount > 0),
      utr text,
      payout_to text,
      status text NOT NULL CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED', 'CANCELLED')),
      remark text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db)
  await sql`CREATE INDEX payment_requests_user ON payment_requests (user_id, created_at)`.execute(
    db,
  )
  await sql`CREATE INDEX payment_requests_pending ON payment_requests (status, created_at)`.execute(
    db,
  )
  // One payment reference is claimed once, so the same transfer cannot be credited twice.
  await sql`CREATE UNIQUE INDEX payment_requests_utr ON payment_requests (utr) WHERE type = 'DEPOSIT'`.execute(
    db,
  )

  await sql`
    CREATE TABLE payment_request_history (
      id bigserial PRIMARY KEY,
      request_id text NOT NULL REFERENCES payment_requests(id),
      status text NOT NULL,
      by_role text NOT NULL CHECK (by_role IN ('player', 'operator', 'system')),
      actor_id text,
      remark text,
      at timestamptz NOT NULL
    )`.execute(db)
  await sql`CREATE INDEX payment_request_history_request ON payment_request_history (request_id, id)`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE payment_request_history`.execute(db)
  await sql`DROP TABLE payment_requests`.execute(db)
}
