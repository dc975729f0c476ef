import { randomUUID } from 'node:crypto'
import { type Kysely, type OperationNodeSource, sql } from 'kysely'
import { insertRowsAsJson, rowsTable } from '../db/one-statement'
import type { Database, LedgerBook } from '../db/schema'
import { fail, type Result, success } from '../result'
import { checkLegs, type LedgerLeg, type LegsFailureCode, netByAccount } from './legs'

/**
 * The double-entry ledger. Every balance change is a transaction of legs summing to zero; rows
 * are never edited (a trigger refuses it); an account's balance is the sum of its rows, kept as
 * a projection on the account row in the same database transaction.
 */

export const HOUSE_CASH: Record<LedgerBook, string> = {
  real: 'house:cash:real',
  demo: 'house:cash:demo',
}
export const userCashAccountId = (userId: string, book: LedgerBook = 'real') =>
  `user:${userId}:cash:${book}`

export interface OpenAccountInput {
  id: string
  kind: string
  book: LedgerBook
  ownerUserId: string | null
  allowNegative: boolean
}

/** Creates the account if it does not exist yet (idempotent). */
export async function openAccount(db: Kysely<Database>, input: OpenAccountInput): Promise<void> {
  await db
    .insertInto('ledger_accounts')
    .values({
      id: input.id,
      kind: input.kind,
      book: input.book,
      owner_user_id: input.ownerUserId,
      allow_negative: input.allowNegative,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
}

/** The house's cash account of a book, which funds players and may go negative. */
export const openHouseAccount = (db: Kysely<Database>, book: LedgerBook) =>
  openAccount(db, {
    id: HOUSE_CASH[book],
    kind: 'house.cash',
    book,
    ownerUserId: null,
    allowNegative: true,
  })

/** A player's cash account of a book, which may never go below zero. */
export async function openUserCashAccount(
  db: Kysely<Database>,
  userId: string,
  book: LedgerBook = 'real',
) {
  const id = userCashAccountId(userId, book)
  await openAccount(db, { id, kind: 'user.cash', book, ownerUserId: userId, allowNegative: false })
  return id
}

export interface PostTransactionInput {
  kind: string
  book: LedgerBook
  legs: readonly LedgerLeg[]
  /** A second posting with the same key returns the first instead of posting again. */
  idempotencyKey?: string
  memo?: string
  metadata?: Record<string, unknown>
  /**
   * The HTTP request the posting serves (its log lines carry the same id): every call that moves
   * money passes its own; background work (feed settlements, lapses, the market maker) has none.
   */
  requestId?: string | null
}

export interface Posted {
  transactionId: string
  /** Balances of the touched accounts after the posting. */
  balances: Record<string, number>
  replayed: boolean
}

export type PostFailureCode = LegsFailureCode | 'LEDGER.INSUFFICIENT_FUNDS'

/**
 * Posts a balanced transaction. Inside `db` if it is already a transaction (so a caller can
 * combine it with its own writes), else in a new one. Refuses (as a value, writing nothing)
 * unbalanced legs and any leg that would take a no-negative account below zero. Accounts are
 * locked in id order, so concurrent postings serialise per account without deadlocks.
 */
export async function postTransaction(
  db: Kysely<Database>,
  input: PostTransactionInput,
): Promise<Result<Posted, PostFailureCode>> {
  const checked = checkLegs(input.legs)
  if (!checked.ok) return checked
  const run = (trx: Kysely<Database>) => postChecked(trx, input)
  return db.isTransaction ? run(db) : db.transaction().execute(run)
}

async function postChecked(
  trx: Kysely<Database>,
  input: PostTransactionInput,
): Promise<Result<Posted, PostFailureCode>> {
  if (input.idempotencyKey) {
    const earlier = await trx
      .selectFrom('ledger_transactions')
      .select('id')
      .where('idempotency_key', '=', input.idempotencyKey)
      .executeTakeFirst()
    if (earlier) {
      const accounts = [...new Set(input.legs.map((l) => l.accountId))]
      return success({
        transactionId: earlier.id,
        balances: await balancesOf(trx, accounts),
        replayed: true,
      })
    }
  }

  const net = netByAccount(input.legs)
  const balances: Record<string, number> = {}
  for (const [accountId, change] of net) {
    const account = await trx
      .selectFrom('ledger_accounts')
      .select(['balance', 'allow_negative', 'book'])
      .where('id', '=', accountId)
      .forUpdate()
      .executeTakeFirst()
    if (!account) throw new Error(`ledger account ${accountId} does not exist`)
    if (account.book !== input.book)
      throw new Error(
        `ledger account ${accountId} is in the ${account.book} book, not ${input.book}`,
      )
    if (!account.allow_negative && account.balance + change < 0) {
      return fail('LEDGER.INSUFFICIENT_FUNDS', 'Insufficient balance.')
    }
    balances[accountId] = account.balance + change
  }

  const transactionId = randomUUID()
  await trx
    .insertInto('ledger_transactions')
    .values({
      id: transactionId,
      kind: input.kind,
      book: input.book,
      idempotency_key: input.idempotencyKey ?? null,
      memo: input.memo ?? null,
      metadata: JSON.stringify(input.metadata ?? {}),
      request_id: input.requestId ?? null,
    })
    .execute()
  await trx
    .insertInto('ledger_entries')
    .values(
      input.legs.map((leg) => ({
        transaction_id: transactionId,
        account_id: leg.accountId,
        amount: leg.amount,
      })),
    )
    .execute()
  for (const [accountId, change] of net) {
    if (change === 0) continue
    await trx
      .updateTable('ledger_accounts')
      .set({ balance: sql`balance + ${change}` })
      .where('id', '=', accountId)
      .execute()
  }
  return success({ transactionId, balances, replayed: false })
}

/** Current balances (paise) of the given accounts; unknown accounts are absent. */
export async function balancesOf(
  db: Kysely<Database>,
  accountIds: readonly string[],
): Promise<Record<string, number>> {
  if (accountIds.length === 0) return {}
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'balance'])
    .where('id', 'in', accountIds)
    .execute()
  return Object.fromEntries(rows.map((r) => [r.id, r.balance]))
}

export async function balanceOf(db: Kysely<Database>, accountId: string): Promise<number> {
  return (await balancesOf(db, [accountId]))[accountId] ?? 0
}

/** The balance recomputed from the rows themselves: the audit view of the projection above. */
export async function balanceFromEntries(db: Kysely<Database>, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select(sql<number>`coalesce(sum(amount), 0)::bigint`.as('total'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow()
  return row.total
}

/** A ledger account's row as posting needs it. */
export interface AccountRow {
  id: string
  balance: number
  allow_negative: boolean
  book: string
}

/**
 * Accounts to post many ledger transactions on with a fixed number of statements (the
 * exchange's group commit): locked for the rest of a database transaction (lockAccounts), or as
 * they were last known (known-balances.ts). `post` checks one posting against the balances as the
 * earlier ones left them and refuses it alone, writing nothing; `takeWrites` (locked) or
 * `takeMoves` (last known) hands over the writes of every accepted posting. Only postings on
 * these accounts are taken.
 */
export class AccountsForPosting {
  private readonly accounts: Map<
    string,
    { balance: number; start: number; allowNegative: boolean; book: string }
  >
  private readonly transactions: { id: string; input: PostTransactionInput }[] = []
  private readonly touched = new Set<string>()

  constructor(rows: readonly AccountRow[]) {
    this.accounts = new Map(
      rows.map((r) => [
        r.id,
        { balance: r.balance, start: r.balance, allowNegative: r.allow_negative, book: r.book },
      ]),
    )
  }

  /** Every account with its balance as the accepted postings left it. */
  rows(): AccountRow[] {
    return [...this.accounts].map(([id, a]) => ({
      id,
      balance: a.balance,
      allow_negative: a.allowNegative,
      book: a.book,
    }))
  }

  balance(accountId: string): number | undefined {
    return this.accounts.get(accountId)?.balance
  }

  post(input: PostTransactionInput): Result<Posted, PostFailureCode> {
    const checked = checkLegs(input.legs)
    if (!checked.ok) return checked
    const net = netByAccount(input.legs)
    for (const [accountId, change] of net) {
      const account = this.accounts.get(accountId)
      if (!account) throw new Error(`ledger account ${accountId} is not locked`)
      if (account.book !== input.book)
        throw new Error(
          `ledger account ${accountId} is in the ${account.book} book, not ${input.book}`,
        )
      if (!account.allowNegative && account.balance + change < 0) {
        return fail('LEDGER.INSUFFICIENT_FUNDS', 'Insufficient balance.')
      }
    }
    const balances: Record<string, number> = {}
    for (const [accountId, change] of net) {
      const account = this.accounts.get(accountId) as { balance: number }
      account.balance += change
      balances[accountId] = account.balance
      if (change !== 0) this.touched.add(accountId)
    }
    const transactionId = randomUUID()
    this.transactions.push({ id: transactionId, input })
    return success({ transactionId, balances, replayed: false })
  }

  /**
   * The writes of the accepted postings (transactions, entries, new balances), to run in the
   * locking transaction; the postings are then forgotten.
   */
  takeWrites(): OperationNodeSource[] {
    const balances = [...this.touched].map((id) => ({
      id,
      balance: this.accounts.get(id)?.balance ?? 0,
    }))
    const writes = this.takeRows()
    if (balances.length > 0)
      writes.push(sql`UPDATE ledger_accounts AS a SET balance = v.balance
        FROM ${rowsTable('v', { id: 'text', balance: 'bigint' }, balances)}
        WHERE a.id = v.id`)
    return writes
  }

  /**
   * The writes of the accepted postings on accounts that are not locked: `rows` (transactions and
   * entries), and `moves`, which moves each balance by what was posted on it, so a change made
   * meanwhile elsewhere stays, and answers each moved account's id and new balance. The store's
   * CHECK refuses the write if an account that may not would go below zero. The postings are then
   * forgotten.
   */
  takeMoves(): { rows: OperationNodeSource[]; moves: OperationNodeSource | undefined } {
    const moved = [...this.touched].map((id) => {
      const account = this.accounts.get(id)
      return { id, change: account ? account.balance - account.start : 0 }
    })
    // The accounts are locked in id order, as every other writer locks them, before each is
    // moved: the update alone locks them in whatever order its plan meets them, and a writer
    // locking in another order deadlocks with it (a settlement did, and the store aborted it). A
    // row reaches the update only after the ordered sub-select has locked it and every smaller id.
    return {
      rows: this.takeRows(),
      moves:
        moved.length === 0
          ? undefined
          : sql`UPDATE ledger_accounts AS a SET balance = a.balance + v.change
        FROM ${rowsTable('v', { id: 'text', change: 'bigint' }, moved)}
        WHERE a.id = v.id AND a.id IN (
          SELECT l.id FROM ledger_accounts AS l
          WHERE l.id = ANY(${moved.map((m) => m.id)}::text[])
          ORDER BY l.id FOR UPDATE)
        RETURNING a.id, a.balance`,
    }
  }

  private takeRows(): OperationNodeSource[] {
    const writes: OperationNodeSource[] = []
    const transactions = this.transactions.map(({ id, input }) => ({
      id,
      kind: input.kind,
      book: input.book,
      idempotency_key: input.idempotencyKey ?? null,
      memo: input.memo ?? null,
      metadata: input.metadata ?? {},
      request_id: input.requestId ?? null,
    }))
    if (transactions.length > 0) writes.push(insertRowsAsJson('ledger_transactions', transactions))
    const entries = this.transactions.flatMap(({ id, input }) =>
      input.legs.map((leg) => ({
        transaction_id: id,
        account_id: leg.accountId,
        amount: leg.amount,
      })),
    )
    if (entries.length > 0) writes.push(insertRowsAsJson('ledger_entries', entries))
    this.transactions.length = 0
    this.touched.clear()
    for (const account of this.accounts.values()) account.start = account.balance
    return writes
  }
}

/** Locks the accounts (FOR UPDATE, in id order, one statement) for posting through `AccountsForPosting`. */
export async function lockAccounts(
  trx: Kysely<Database>,
  accountIds: readonly string[],
): Promise<AccountsForPosting> {
  const ids = [...new Set(accountIds)].sort()
  const rows =
    ids.length === 0
      ? []
      : await trx
          .selectFrom('ledger_accounts')
          .select(['id', 'balance', 'allow_negative', 'book'])
          .where('id', 'in', ids)
          .orderBy('id')
          .forUpdate()
          .execute()
  return new AccountsForPosting(rows)
}
