import { paiseToRupees } from '@backlay/contract/money'
import type {
  AccountStatementRow,
  ProfitLossRow,
  StatementEntryType,
  TransferRow,
} from '@backlay/contract/statements'
import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Database, LedgerBook } from '../db/schema'

/**
 * Statements derived from the ledger. A statement row is one ledger transaction that changed
 * the user's own money (cash plus stakes held as exposure) in their book; moving a stake from
 * cash into exposure changes nothing and is left out. `balance` is the running total after it.
 */

export interface StatementOwner {
  userId: string
  book: LedgerBook
}

export interface Window {
  page: number
  limit: number
  from_date?: string | undefined
  to_date?: string | undefined
}

export interface Page<T> {
  list: T[]
  total: number
  page: number
  limit: number
}

/** The statement type of a transaction kind (the ledger's `kind` prefix names its origin). */
const typeOfKind = sql<StatementEntryType>`case
  when t.kind like 'deposit%' then 'DEPOSIT'
  when t.kind like 'withdraw%' then 'WITHDRAWAL'
  when t.kind = 'bet.commission' then 'COMMISSION'
  when t.kind like 'bet.%' then 'BET_SETTLEMENT'
  when t.kind like 'casino%' then 'CASINO'
  when t.kind like 'bonus%' then 'BONUS'
  when t.kind like 'operator.%' or t.kind like 'transfer%' then 'TRANSFER'
  else 'ADJUSTMENT' end`

const windowFilter = (w: Window): RawBuilder<unknown> =>
  sql`${w.from_date ? sql`and created_at >= ${new Date(w.from_date)}` : sql``}
      ${w.to_date ? sql`and created_at < ${new Date(w.to_date)}` : sql``}`

/** The user's money-moving transactions with net change and running balance, oldest first. */
const ownMovements = (owner: StatementOwner) => sql`
  with mine as (
    select e.transaction_id, sum(e.amount)::bigint as net, max(e.id) as last_entry
    from ledger_entries e
    join ledger_accounts a on a.id = e.account_id
    where a.owner_user_id = ${owner.userId} and a.book = ${owner.book}
    group by e.transaction_id
    having sum(e.amount) <> 0
  )
  select m.transaction_id as id, m.net, m.last_entry, t.kind, t.memo, t.metadata, t.created_at,
    ${typeOfKind} as type,
    (sum(m.net) over (order by m.last_entry))::bigint as balance
  from mine m join ledger_transactions t on t.id = m.transaction_id`

interface MovementRow {
  id: string
  net: number
  kind: string
  memo: string | null
  metadata: Record<string, unknown>
  created_at: Date
  type: StatementEntryType
  balance: number
  total: number
}

const describe = (row: Pick<MovementRow, 'memo' | 'kind'>) => row.memo ?? row.kind
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null)

function toStatementRow(row: MovementRow): AccountStatementRow {
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    type: row.type,
    description: describe(row),
    credit: row.net > 0 ? paiseToRupees(row.net) : 0,
    debit: row.net < 0 ? paiseToRupees(-row.net) : 0,
    balance: paiseToRupees(row.balance),
    market_id: text(row.metadata?.marketId),
    match_id: text(row.metadata?.matchId),
  }
}

async function movements(
  db: Kysely<Database>,
  owner: StatementOwner,
  w: Window,
  extra: RawBuilder<unknown> = sql``,
): Promise<{ rows: MovementRow[]; total: number }> {
  const result = await sql<MovementRow>`
    select *, (count(*) over ())::int as total from (${ownMovements(owner)}) s
    where true ${windowFilter(w)} ${extra}
    order by last_entry desc
    limit ${w.limit} offset ${(w.page - 1) * w.limit}`.execute(db)
  return {
    rows: result.rows,
    total: result.rows[0]?.total ?? (await countOnly(db, owner, w, extra)),
  }
}

// A page past the end has no rows to carry the count, so it is asked for separately.
async function countOnly(
  db: Kysely<Database>,
  owner: StatementOwner,
  w: Window,
  extra: RawBuilder<unknown>,
): Promise<number> {
  const result = await sql<{ total: number }>`
    select count(*)::int as total from (${ownMovements(owner)}) s
    where true ${windowFilter(w)} ${extra}`.execute(db)
  return result.rows[0]?.total ?? 0
}

/** Account statement: every movement of the user's money, newest first. */
export async function accountStatement(
  db: Kysely<Database>,
  owner: StatementOwner,
  w: Window & { type?: StatementEntryType | undefined },
): Promise<Page<AccountStatementRow>> {
  const { rows, total } = await movements(db, owner, w, w.type ? sql`and type = ${w.type}` : sql``)
  return { list: rows.map(toStatementRow), total, page: w.page, limit: w.limit }
}

/** One statement row and its ledger legs (other parties named by account kind only). */
export async function statementDetails(
  db: Kysely<Database>,
  owner: StatementOwner,
  transactionId: string,
): Promise<{
  row: AccountStatementRow
  legs: { account: string; amount: number; memo: string }[]
} | null> {
  const found = await sql<MovementRow>`
    select *, 1 as total from (${ownMovements(owner)}) s where id = ${transactionId}`.execute(db)
  const row = found.rows[0]
  if (!row) return null
  const legs = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select(['a.kind', 'a.owner_user_id', 'e.amount'])
    .where('e.transaction_id', '=', transactionId)
    .orderBy('e.id')
    .execute()
  return {
    row: toStatementRow(row),
    legs: legs.map((leg) => ({
      account: leg.owner_user_id === owner.userId ? `your ${leg.kind}` : leg.kind,
      amount: paiseToRupees(leg.amount),
      memo: describe(row),
    })),
  }
}

/** Transfer statement: money moved between the user and the operator or house. */
export async function transferStatement(
  db: Kysely<Database>,
  owner: StatementOwner,
  w: Window,
): Promise<Page<TransferRow>> {
  const { rows, total } = await movements(
    db,
    owner,
    w,
    sql`and type in ('TRANSFER', 'DEPOSIT', 'WITHDRAWAL', 'ADJUSTMENT')`,
  )
  return {
    list: rows.map((row) => ({
      id: row.id,
      createdAt: row.created_at.toISOString(),
      direction: row.net > 0 ? ('in' as const) : ('out' as const),
      amount: paiseToRupees(Math.abs(row.net)),
      counterparty: row.kind.startsWith('operator.') ? 'Operator' : 'House',
      reason: describe(row),
      balance: paiseToRupees(row.balance),
    })),
    total,
    page: w.page,
    limit: w.limit,
  }
}

interface ProfitLossDbRow {
  market_id: string
  match_id: string | null
  match_name: string | null
  market_name: string | null
  sport_id: string | null
  series_name: string | null
  settled_at: Date
  net: number
  stack: number
  profit: number | null
  total: number
}

/**
 * Betting profit & loss: the user's net of every settlement transaction (kind `bet.*` with a
 * `marketId`), grouped per market. Stake and gross profit come from the user's settled orders;
 * commission is what the settlement kept of a winning profit.
 */
export async function profitLoss(
  db: Kysely<Database>,
  owner: StatementOwner,
  w: Window & { sport_id?: string | undefined },
): Promise<Page<ProfitLossRow>> {
  const result = await sql<ProfitLossDbRow>`
    with per_market as (
      select t.metadata->>'marketId' as market_id, sum(e.amount)::bigint as net,
        max(t.created_at) as settled_at
      from ledger_entries e
      join ledger_accounts a on a.id = e.account_id
      join ledger_transactions t on t.id = e.transaction_id
      where a.owner_user_id = ${owner.userId} and a.book = ${owner.book}
        and t.kind like 'bet.%' and t.kind <> 'bet.exposure' and t.metadata->>'marketId' is not null
      group by t.metadata->>'marketId'
    )
    select p.market_id, ev.id as match_id, ev.name as match_name, m.name as market_name,
      ev.sport_id, c.name as series_name, p.settled_at, p.net,
      coalesce(o.stack, 0)::bigint as stack, o.profit::bigint as profit,
      (count(*) over ())::int as total
    from per_market p
    left join markets m on m.id = p.market_id
    left join events ev on ev.id = m.event_id
    left join competitions c on c.id = ev.competition_id
    left join lateral (
      select sum(matched) as stack, sum(pl) as profit from bet_orders
      where user_id = ${owner.userId} and market_id = p.market_id and book = ${owner.book}
    ) o on true
    where true
      ${w.from_date ? sql`and p.settled_at >= ${new Date(w.from_date)}` : sql``}
      ${w.to_date ? sql`and p.settled_at < ${new Date(w.to_date)}` : sql``}
      ${w.sport_id ? sql`and ev.sport_id = ${w.sport_id}` : sql``}
    order by p.settled_at desc, p.market_id
    limit ${w.limit} offset ${(w.page - 1) * w.limit}`.execute(db)
  return {
    list: result.rows.map((row) => {
      const profit = row.profit ?? row.net
      return {
        market_id: row.market_id,
        match_id: row.match_id ?? '',
        match_name: row.match_name ?? '',
        market_name: row.market_name ?? '',
        sport_id: row.sport_id ?? '',
        series_name: row.series_name ?? '',
        settledAt: row.settled_at.toISOString(),
        stack: paiseToRupees(row.stack),
        profit: paiseToRupees(profit),
        commission: paiseToRupees(Math.max(0, profit - row.net)),
        net: paiseToRupees(row.net),
      }
    }),
    total: result.rows[0]?.total ?? 0,
    page: w.page,
    limit: w.limit,
  }
}
