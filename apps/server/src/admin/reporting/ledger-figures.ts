import { type RawBuilder, sql } from 'kysely'
import { exposureAccountId, MARKET_MAKER_ID, userCashAccountId } from '../../markets/accounts'
import { playersIn, type ReportScope } from './report-scope'

/**
 * The ledger rows the back office's money figures are sums of. A player's money is what their
 * own accounts (cash, stakes held as exposure, withdrawals on hold) moved in one transaction, so
 * moving a stake from cash into exposure counts for nothing and a settlement counts its P/L.
 */

/** The transaction kinds each money figure counts, by what they count as. */
const KINDS = {
  bet: ['bet.settlement', 'bet.settlement.correction'],
  casino: ['casino.bet', 'casino.win', 'casino.rollback'],
  deposit: ['payment.deposit', 'operator.credit'],
  withdrawal: ['payment.withdrawal', 'operator.debit'],
} as const
export type MoneyCategory = keyof typeof KINDS
const ALL: MoneyCategory[] = ['bet', 'casino', 'deposit', 'withdrawal']

const kindsOf = (categories: readonly MoneyCategory[]) =>
  sql.join(categories.flatMap((c) => KINDS[c]))

/** What the transaction `t` counts as. */
const moneyCategory = sql<MoneyCategory>`case
  ${sql.join(
    ALL.map((c) => sql`when t.kind in (${kindsOf([c])}) then ${sql.lit(c)}`),
    sql` `,
  )} end`

export interface Range {
  start: Date
  end: Date
}

/**
 * CTE `player_money(created_at, category, market_id, user_id, amount)`: every ledger entry on
 * the own accounts of a player in scope in a counted transaction. Summed per transaction it is
 * what the player's money moved there; reports only ever sum it further, so it is left unsummed.
 */
export const playerMoney = (
  scope: ReportScope,
  range: Range,
  categories: readonly MoneyCategory[] = ALL,
): RawBuilder<unknown> => sql`
  player_money as (
    select t.created_at, ${moneyCategory} as category, t.metadata->>'marketId' as market_id,
      u.id as user_id, e.amount
    from ledger_transactions t
    join ledger_entries e on e.transaction_id = t.id
    join ledger_accounts a on a.id = e.account_id
    join users u on u.id = a.owner_user_id
    where t.book = 'real' and t.created_at >= ${range.start} and t.created_at < ${range.end}
      and t.kind in (${kindsOf(categories)}) and ${playersIn(scope)}
  )`

/**
 * CTE `commissions(transaction_id, created_at, market_id, user_id, amount)`: the exchange
 * commission each player in scope paid, as settlements and corrections record it per user.
 */
export const commissions = (scope: ReportScope, range: Range): RawBuilder<unknown> => sql`
  commissions as (
    select t.id as transaction_id, t.created_at, t.metadata->>'marketId' as market_id,
      u.id as user_id, c.value::bigint as amount
    from ledger_transactions t
    cross join lateral jsonb_each_text(coalesce(t.metadata->'commission', '{}'::jsonb)) as c(key, value)
    join users u on u.id = c.key
    where t.book = 'real' and t.kind in (${kindsOf(['bet'])})
      and t.created_at >= ${range.start} and t.created_at < ${range.end} and ${playersIn(scope)}
  )`

/**
 * CTE `market_maker(transaction_id, created_at, market_id, amount)`: the house liquidity's P/L
 * per settlement before commission (its cash and exposure accounts together, plus the commission
 * it paid the house, which is the house's own money moving).
 */
export const marketMakerMoney = (range: Range): RawBuilder<unknown> => sql`
  market_maker as (
    select t.id as transaction_id, t.created_at, t.metadata->>'marketId' as market_id,
      (sum(e.amount)
        + coalesce(max((t.metadata->'commission'->>${MARKET_MAKER_ID})::bigint), 0))::bigint as amount
    from ledger_transactions t
    join ledger_entries e on e.transaction_id = t.id
    where t.book = 'real' and t.kind in (${kindsOf(['bet'])})
      and t.created_at >= ${range.start} and t.created_at < ${range.end}
      and e.account_id in (${userCashAccountId(MARKET_MAKER_ID, 'real')}, ${exposureAccountId(MARKET_MAKER_ID, 'real')})
    group by t.id, t.created_at
  )`

/** True for the markets the house takes the other side of (bookmaker and fancy). */
export const isHouseMarket = (kind: RawBuilder<unknown>) =>
  sql<boolean>`${kind} in ('BOOKMAKER', 'SESSION')`
