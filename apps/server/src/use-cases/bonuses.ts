import type { WalletType } from '@backlay/contract/balance'
import type { Bonus, BonusStatementRow, BonusStatus } from '@backlay/contract/bonus'
import { paiseToRupees } from '@backlay/contract/money'
import { type Kysely, sql } from 'kysely'
import type { Database, LedgerBook } from '../db/schema'
import type { BonusTable } from '../db/schema-bonus'
import { HOUSE_CASH, openAccount, openHouseAccount, postTransaction } from '../ledger/ledger'
import { bonusAccountId } from './account-reads'
import type { Page, Window } from './statements'

export interface AwardInput {
  /** Chosen by the caller, so a repeated award (a retried seed, a replayed event) pays once. */
  id: string
  userId: string
  book: LedgerBook
  name: string
  kind: BonusTable['kind']
  walletType: Exclude<WalletType, 'main'>
  /** Paise. */
  amount: number
  /** Paise of turnover before the bonus becomes cash. */
  wageringRequired: number
  awardedAt: Date
  expiresAt: Date | null
}

/**
 * Credits a bonus to the player's bonus wallet: the bonus row and a `bonus.award` ledger posting
 * from the house, in one database transaction. The wallet account has no owner on purpose: the
 * player's balance and account statement read their owned accounts, and bonus money is not
 * theirs to stake or withdraw until its wagering is met.
 */
export async function awardBonus(db: Kysely<Database>, input: AwardInput): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await openHouseAccount(trx, input.book)
    const wallet = bonusAccountId(input.userId, input.walletType)
    await openAccount(trx, {
      id: wallet,
      kind: 'user.bonus',
      book: input.book,
      ownerUserId: null,
      allowNegative: false,
    })
    await trx
      .insertInto('bonuses')
      .values({
        id: input.id,
        user_id: input.userId,
        name: input.name,
        kind: input.kind,
        wallet_type: input.walletType,
        amount: input.amount,
        wagering_required: input.wageringRequired,
        awarded_at: input.awardedAt,
        expires_at: input.expiresAt,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute()
    const posted = await postTransaction(trx, {
      kind: 'bonus.award',
      book: input.book,
      idempotencyKey: `bonus:award:${input.id}`,
      memo: input.name,
      metadata: { bonusId: input.id },
      legs: [
        { accountId: HOUSE_CASH[input.book], amount: -input.amount },
        { accountId: wallet, amount: input.amount },
      ],
    })
    if (!posted.ok) throw new Error(`bonus ${input.id} could not be posted: ${posted.msg}`)
  })
}

/** bonus/list: the player's bonuses, newest first, optionally of one status. */
export async function listBonuses(
  db: Kysely<Database>,
  userId: string,
  status?: BonusStatus,
): Promise<Bonus[]> {
  let query = db.selectFrom('bonuses').selectAll().where('user_id', '=', userId)
  if (status) query = query.where('status', '=', status)
  const rows = await query.orderBy('awarded_at', 'desc').orderBy('id').execute()
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    kind: r.kind,
    walletType: r.wallet_type,
    amount: paiseToRupees(r.amount),
    wageringRequired: paiseToRupees(r.wagering_required),
    wageringCompleted: paiseToRupees(r.wagering_completed),
    status: r.status,
    awardedAt: r.awarded_at.toISOString(),
    expiresAt: r.expires_at?.toISOString() ?? null,
  }))
}

interface MovementRow {
  id: number
  created_at: Date
  bonus_id: string | null
  memo: string | null
  kind: string
  amount: number
  balance: number
  total: number
}

/**
 * bonus/statement: every posting on the player's bonus wallets, newest first, with the wallet's
 * balance after it. Window dates filter rows, never the running balance.
 */
export async function bonusStatement(
  db: Kysely<Database>,
  userId: string,
  w: Window,
): Promise<Page<BonusStatementRow>> {
  const wallets = [bonusAccountId(userId, 'sports_bonus'), bonusAccountId(userId, 'casino_bonus')]
  const rows = sql`
    select * from (
      select e.id, t.created_at, t.metadata->>'bonusId' as bonus_id, t.memo, t.kind, e.amount,
        (sum(e.amount) over (partition by e.account_id order by e.id))::bigint as balance
      from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
      where e.account_id in (${sql.join(wallets)})
    ) s
    where true
      ${w.from_date ? sql`and created_at >= ${new Date(w.from_date)}` : sql``}
      ${w.to_date ? sql`and created_at < ${new Date(w.to_date)}` : sql``}`
  const result = await sql<MovementRow>`
    select *, (count(*) over ())::int as total from (${rows}) r
    order by id desc
    limit ${w.limit} offset ${(w.page - 1) * w.limit}`.execute(db)
  // A page past the end has no rows to carry the count, so it is asked for separately.
  const total =
    result.rows[0]?.total ??
    (await sql<{ total: number }>`select count(*)::int as total from (${rows}) r`.execute(db))
      .rows[0]?.total ??
    0
  const list = result.rows.map((r) => ({
    id: String(r.id),
    createdAt: r.created_at.toISOString(),
    bonus_id: r.bonus_id ?? '',
    description: r.memo ?? r.kind,
    credit: r.amount > 0 ? paiseToRupees(r.amount) : 0,
    debit: r.amount < 0 ? paiseToRupees(-r.amount) : 0,
    balance: paiseToRupees(r.balance),
  }))
  return { list, total, page: w.page, limit: w.limit }
}
