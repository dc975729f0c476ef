import { type Kysely, sql } from 'kysely'
import { CASINO_CLEARING_ACCOUNT } from '../casino/casino-wallet'
import type { Database } from '../db/schema'
import { commissionAccountId, ensureHouseAccounts, HOUSE_CASH } from '../markets/accounts'

/**
 * History for the reports' bench (never part of `npm start`): players of two brands and four
 * agents who bet on settled markets, play casino rounds, deposit, withdraw and set limits, every
 * day for `days` days up to `end`. Written set-wise in SQL, as the services would have left it:
 * each settlement and casino call a balanced ledger transaction, per-user commission in the
 * settlement's metadata, and account balances equal to the sum of their entries.
 */
export interface HistorySize {
  days: number
  players: number
  marketsPerDay: number
  betsPerMarket: number
  casinoRoundsPerDay: number
  withdrawalsPerDay: number
}

/** A mid-size operator's year. */
export const YEAR: HistorySize = {
  days: 365,
  players: 2_000,
  marketsPerDay: 150,
  betsPerMarket: 6,
  casinoRoundsPerDay: 1_000,
  withdrawalsPerDay: 20,
}

const DEPOSIT_PAISE = 5_00_000_00
const COMMISSION_PERCENT = 2

export async function seedReportHistory(
  db: Kysely<Database>,
  size: HistorySize,
  end: Date,
): Promise<void> {
  const start = new Date(end.getTime() - size.days * 86_400_000)
  const span = sql.lit(size.days * 86_400)
  const players = sql.lit(size.players)
  await ensureHouseAccounts(db)
  await db.transaction().execute(async (trx) => {
    const run = (query: ReturnType<typeof sql>) => query.execute(trx)
    await run(sql`select setseed(0.42)`)
    await run(sql`
      insert into ledger_accounts (id, kind, book, owner_user_id, allow_negative)
      values (${CASINO_CLEARING_ACCOUNT}, 'house.casino', 'real', null, true)
      on conflict (id) do nothing`)
    await run(sql`insert into sports (id, name, sort_order) values ('4', 'Cricket', 1)
      on conflict (id) do nothing`)
    await run(sql`insert into brands (id, host, name, config) values
      ('year-a', 'year-a.example', 'Year A', '{}'), ('year-b', 'year-b.example', 'Year B', '{}')
      on conflict (id) do nothing`)
    await run(
      sql`insert into competitions (id, sport_id, name) values ('year-cup', '4', 'Year Cup')`,
    )

    await run(sql`
      insert into users (id, brand_id, role, user_name, name, password_hash, operator_role, settings, created_at)
      select 'ya' || g, case when g % 2 = 0 then 'year-a' else 'year-b' end, 'operator',
        'yagent' || g, 'Year agent ' || g, '!', 'agent', '{}', ${start}
      from generate_series(1, 4) g`)
    // Every fifth player signed up on their own; the others belong to an agent of their brand.
    await run(sql`
      insert into users (id, brand_id, role, user_name, name, password_hash, operator_id, settings, created_at)
      select 'yp' || g, case when g % 2 = 0 then 'year-a' else 'year-b' end, 'player',
        'yplayer' || g, 'Year player ' || g, '!',
        case when g % 5 = 0 then null else 'ya' || (2 - g % 2 + 2 * ((g / 2) % 2)) end, '{}',
        ${start}::timestamptz + (g::float / ${players} * ${span} * 0.5) * interval '1 second'
      from generate_series(1, ${players}) g`)
    await run(sql`
      insert into ledger_accounts (id, kind, book, owner_user_id, allow_negative)
      select 'user:yp' || g || ':cash:real', 'user.cash', 'real', 'yp' || g, false
      from generate_series(1, ${players}) g`)

    // Each player's first deposit, when they signed up.
    await run(sql`
      insert into ledger_transactions (id, kind, book, metadata, created_at)
      select 'yd' || u.id, 'payment.deposit', 'real', '{}'::jsonb, u.created_at
      from users u where u.id like 'yp%'`)
    await run(sql`
      insert into ledger_entries (transaction_id, account_id, amount, created_at)
      select 'yd' || u.id, a.account_id, a.amount, u.created_at
      from users u cross join lateral (values
        ('user:' || u.id || ':cash:real', ${DEPOSIT_PAISE}::bigint),
        (${HOUSE_CASH.real}, -${DEPOSIT_PAISE}::bigint)) as a(account_id, amount)
      where u.id like 'yp%'`)

    // One event and one market of each kind in turn per slot, closed in the day's afternoon.
    await run(sql`
      create temporary table y_markets on commit drop as
      select 'y.' || d || '.' || k as id, 'ye.' || d || '.' || k as event_id,
        (array['MATCH_ODDS', 'BOOKMAKER', 'SESSION'])[1 + k % 3] as kind,
        ${start}::timestamptz + (d * 86400 + 50400 + k * 60) * interval '1 second' as closed_at
      from generate_series(0, ${size.days - 1}) d, generate_series(1, ${size.marketsPerDay}) k`)
    await run(sql`
      insert into events (id, sport_id, competition_id, name, start_time, status)
      select event_id, '4', 'year-cup', 'Year match ' || event_id, closed_at - interval '4 hours', 'CLOSED'
      from y_markets`)
    await run(sql`
      insert into markets (id, event_id, kind, name, status, start_time, bet_delay_seconds,
        min_stake, max_stake, max_profit, winner_selection_id, result_value, closed_at)
      select id, event_id, kind, initcap(replace(kind, '_', ' ')), 'CLOSED',
        closed_at - interval '4 hours', 0, 100, 10000000, 100000000,
        case when kind = 'SESSION' then null else '1' end,
        case when kind = 'SESSION' then 160 end, closed_at
      from y_markets`)

    // The bets: players lose a little more often than a fair price would say.
    await run(sql`
      create temporary table y_orders on commit drop as
      select m.id || '.' || b as id, m.id as market_id, m.event_id, m.kind, m.closed_at,
        'yp' || (1 + floor(random() * ${players}))::int as user_id,
        ((100 + floor(random() * 4900)) * 100)::bigint as stake,
        (150 + floor(random() * 150))::int as odds, random() < 0.42 as won
      from y_markets m, generate_series(1, ${size.betsPerMarket}) b`)
    await run(sql`
      insert into bet_orders (id, user_id, book, market_id, event_id, market_kind, selection_id,
        side, odds, line, stake, matched, matched_value, remaining, cancelled, status, result, pl,
        placed_at, settled_at)
      select id, user_id, 'real', market_id, event_id, kind, '1', 'BACK', odds,
        case when kind = 'SESSION' then 150 end, stake, stake, stake * odds, 0, 0, 'SETTLED',
        case when won then 'WON' else 'LOST' end,
        case when won then stake * (odds - 100) / 100 else -stake end,
        closed_at - interval '2 hours', closed_at
      from y_orders`)
    await run(sql`
      insert into market_settlements (market_id, result_kind, winner_selection_id, result_runs, actor_id, settled_at)
      select id, case when kind = 'SESSION' then 'RUNS' else 'WINNER' end,
        case when kind = 'SESSION' then null else '1' end,
        case when kind = 'SESSION' then 160 end, 'year-seed', closed_at
      from y_markets`)

    // A settlement per market: each player's net less commission on an exchange win.
    await run(sql`
      create temporary table y_nets on commit drop as
      select o.market_id, o.kind, o.closed_at, o.user_id, n.pl,
        case when o.kind = 'MATCH_ODDS' and n.pl > 0 then n.pl * ${COMMISSION_PERCENT} / 100 else 0 end as commission
      from (select market_id, user_id, sum(case when won then stake * (odds - 100) / 100 else -stake end)::bigint as pl
            from y_orders group by market_id, user_id) n
      join (select distinct market_id, kind, closed_at, user_id from y_orders) o
        on o.market_id = n.market_id and o.user_id = n.user_id
      where n.pl <> 0`)
    await run(sql`
      insert into ledger_transactions (id, kind, book, idempotency_key, metadata, created_at)
      select 'ys.' || market_id, 'bet.settlement', 'real', 'settlement:' || market_id || ':real',
        jsonb_build_object('marketId', market_id, 'commission',
          coalesce(jsonb_object_agg(user_id, commission) filter (where commission > 0), '{}'::jsonb)),
        min(closed_at)
      from y_nets group by market_id`)
    await run(sql`
      insert into ledger_entries (transaction_id, account_id, amount, created_at)
      select 'ys.' || market_id, 'user:' || user_id || ':cash:real', pl - commission, closed_at
      from y_nets where pl - commission <> 0
      union all
      select 'ys.' || market_id, ${commissionAccountId('real')}, sum(commission), min(closed_at)
      from y_nets group by market_id having sum(commission) > 0
      union all
      select 'ys.' || market_id, ${HOUSE_CASH.real}, -sum(pl), min(closed_at)
      from y_nets group by market_id having sum(pl) <> 0`)

    // Casino rounds: a bet, and a win paid back on about half of them.
    await run(sql`
      create temporary table y_rounds on commit drop as
      select d || '.' || r as n, 'yp' || (1 + floor(random() * ${players}))::int as user_id,
        (array['aviator', 'lotus-sevens', 'andar-bahar'])[1 + floor(random() * 3)::int] as game_id,
        ((10 + floor(random() * 990)) * 100)::bigint as bet, random() < 0.47 as won,
        ${start}::timestamptz + (d * 86400 + floor(random() * 86000)) * interval '1 second' as at
      from generate_series(0, ${size.days - 1}) d, generate_series(1, ${size.casinoRoundsPerDay}) r`)
    await run(sql`
      insert into casino_rounds (user_id, game_id, round_id, settled, created_at)
      select user_id, game_id, 'yr.' || n, true, at from y_rounds`)
    await run(sql`
      insert into ledger_transactions (id, kind, book, memo, metadata, created_at)
      select 'ycb.' || n, 'casino.bet', 'real', game_id, '{}'::jsonb, at from y_rounds
      union all
      select 'ycw.' || n, 'casino.win', 'real', game_id, '{}'::jsonb, at + interval '20 seconds'
      from y_rounds where won`)
    await run(sql`
      insert into ledger_entries (transaction_id, account_id, amount, created_at)
      select 'ycb.' || n, 'user:' || user_id || ':cash:real', -bet, at from y_rounds
      union all
      select 'ycb.' || n, ${CASINO_CLEARING_ACCOUNT}, bet, at from y_rounds
      union all
      select 'ycw.' || n, 'user:' || user_id || ':cash:real', bet * 2, at + interval '20 seconds'
      from y_rounds where won
      union all
      select 'ycw.' || n, ${CASINO_CLEARING_ACCOUNT}, -bet * 2, at + interval '20 seconds'
      from y_rounds where won`)
    await run(sql`
      insert into casino_transactions (transaction_id, kind, user_id, game_id, round_id, amount,
        request_fingerprint, balance_after, ledger_transaction_id, created_at)
      select 'ycd.' || n, 'debit', user_id, game_id, 'yr.' || n, bet, 'seed', 0, 'ycb.' || n, at
      from y_rounds
      union all
      select 'ycc.' || n, 'credit', user_id, game_id, 'yr.' || n, case when won then bet * 2 else 0 end,
        'seed', 0, case when won then 'ycw.' || n end, at + interval '20 seconds'
      from y_rounds`)

    await run(sql`
      create temporary table y_withdrawals on commit drop as
      select d || '.' || w as n, 'yp' || (1 + floor(random() * ${players}))::int as user_id,
        ((1000 + floor(random() * 19000)) * 100)::bigint as amount,
        ${start}::timestamptz + (d * 86400 + 36000 + w * 60) * interval '1 second' as at
      from generate_series(0, ${size.days - 1}) d, generate_series(1, ${size.withdrawalsPerDay}) w`)
    await run(sql`
      insert into ledger_transactions (id, kind, book, metadata, created_at)
      select 'yw.' || n, 'payment.withdrawal', 'real', '{}'::jsonb, at from y_withdrawals`)
    await run(sql`
      insert into ledger_entries (transaction_id, account_id, amount, created_at)
      select 'yw.' || n, 'user:' || user_id || ':cash:real', -amount, at from y_withdrawals
      union all
      select 'yw.' || n, ${HOUSE_CASH.real}, amount, at from y_withdrawals`)

    // One player in ten set deposit limits, one in fifty excluded themselves for six months.
    await run(sql`
      insert into deposit_limits (user_id, period, limit_paise, updated_at)
      select 'yp' || g, p.period, p.factor * 10000 * 100,
        ${start}::timestamptz + (g::float / ${players} * ${span}) * interval '1 second'
      from generate_series(10, ${players}, 10) g
      cross join (values ('daily', 1), ('weekly', 5), ('monthly', 20)) as p(period, factor)`)
    await run(sql`
      insert into player_exclusions (user_id, self_excluded_until, updated_at)
      select 'yp' || g,
        ${start}::timestamptz + (g::float / ${players} * ${span} + 180 * 86400) * interval '1 second',
        ${start}::timestamptz + (g::float / ${players} * ${span}) * interval '1 second'
      from generate_series(25, ${players}, 50) g`)

    await run(sql`
      update ledger_accounts a set balance = s.total
      from (select account_id, sum(amount)::bigint as total from ledger_entries group by account_id) s
      where a.id = s.account_id`)
  })
  await sql`analyze`.execute(db)
}
