import type { ReportCell, ReportColumn, ReportKind } from '@backlay/contract/admin-reports'
import { paiseToRupees } from '@backlay/contract/money'
import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Database } from '../../db/schema'
import {
  commissions,
  isHouseMarket,
  marketMakerMoney,
  playerMoney,
  type Range,
} from './ledger-figures'
import { isWholeHouse, playersIn, type ReportScope } from './report-scope'

/** What every report is filtered by; `range` is the India days asked for. */
export interface ReportFilter {
  scope: ReportScope
  range: Range
  sportId?: string | undefined
  marketId?: string | undefined
}

export type ReportRow = Record<string, ReportCell>

export interface ReportPage {
  limit: number
  offset: number
}

interface ReportDefinition {
  columns: ReportColumn[]
  /** The rows of one page (every row without `page`), in the table's order, and how many in all. */
  run: (
    db: Kysely<Database>,
    filter: ReportFilter,
    page?: ReportPage,
  ) => Promise<{ rows: ReportRow[]; total: number }>
}

/**
 * A report from its SQL: `query` selects one result row per table row, `order` sorts them by
 * its output columns (as `q.<column>`), and the store pages them, so a year of casino rounds
 * never crosses the wire to show fifty.
 */
function report<R extends object>(spec: {
  columns: ReportColumn[]
  query: (f: ReportFilter) => RawBuilder<R>
  order: RawBuilder<unknown>
  toRow: (raw: R) => ReportRow
}): ReportDefinition {
  return {
    columns: spec.columns,
    run: (db, f, page) =>
      db.transaction().execute(async (trx) => {
        // A year's ledger is hashed and aggregated in memory rather than in batches on disk.
        await sql`set local work_mem = '64MB'`.execute(trx)
        const { rows } = await sql<R & { report_total: number }>`
          select q.*, count(*) over ()::int as report_total from (${spec.query(f)}) q
          order by ${spec.order}
          ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`.execute(trx)
        const beyondTheEnd = rows.length === 0 && page !== undefined && page.offset > 0
        const total = beyondTheEnd
          ? ((
              await sql<{ n: number }>`select count(*)::int as n from (${spec.query(f)}) q`.execute(
                trx,
              )
            ).rows[0]?.n ?? 0)
          : (rows[0]?.report_total ?? 0)
        return { rows: rows.map(spec.toRow), total }
      }),
  }
}

const col = (key: string, label: string, type: ReportColumn['type'] = 'text'): ReportColumn => ({
  key,
  label,
  type,
})
const money = (paise: number | null | undefined) => paiseToRupees(Number(paise ?? 0))
const time = (at: Date | string | null) => (at ? new Date(at).toISOString() : null)

/** A condition on the markets row `m` and events row `ev` for the sport and market asked for. */
const marketsAsked = (f: ReportFilter): RawBuilder<boolean> => sql<boolean>`(true
  ${f.sportId ? sql`and ev.sport_id = ${f.sportId}` : sql``}
  ${f.marketId ? sql`and m.id = ${f.marketId}` : sql``})`
const narrowedToMarkets = (f: ReportFilter) => Boolean(f.sportId || f.marketId)

interface MarketPLRaw {
  id: string
  settled_at: Date | null
  sport: string
  event: string
  market: string
  kind: string
  players: number | null
  players_pl: number | null
  commission: number | null
  mm: number | null
  bets: number
  turnover: number | null
}

const isHouseKind = (kind: string) => kind === 'BOOKMAKER' || kind === 'SESSION'

/** Per market settled in the days: the players' P/L, the commission, the house's and the maker's. */
const marketPL = (wholeHouse: boolean) =>
  report<MarketPLRaw>({
    columns: [
      col('settledAt', 'Settled', 'time'),
      col('sport', 'Sport'),
      col('event', 'Event'),
      col('market', 'Market'),
      col('marketId', 'Market id'),
      col('kind', 'Type'),
      col('players', 'Players', 'int'),
      col('bets', 'Bets', 'int'),
      col('turnover', 'Turnover', 'money'),
      col('playersPL', 'Players P/L', 'money'),
      col('commission', 'Commission', 'money'),
      col('housePL', 'House P/L', 'money'),
      col('marketMakerPL', 'Market maker P/L', 'money'),
      col('ggr', 'GGR', 'money'),
    ],
    query: (f) => sql<MarketPLRaw>`
      with ${playerMoney(f.scope, f.range, ['bet'])}, ${commissions(f.scope, f.range)}
        ${wholeHouse ? sql`, ${marketMakerMoney(f.range)}` : sql``},
      per_player as (
        select market_id, count(distinct user_id)::int as players, sum(amount)::bigint as players_pl
        from player_money where category = 'bet' group by market_id),
      per_commission as (
        select market_id, sum(amount)::bigint as commission from commissions group by market_id),
      per_mm as (${
        wholeHouse
          ? sql`select market_id, sum(amount)::bigint as mm from market_maker group by market_id`
          : sql`select null::text as market_id, null::bigint as mm where false`
      }),
      settled as (
        select market_id from per_player union select market_id from per_commission
        union select market_id from per_mm),
      per_bets as (
        select o.market_id, count(*)::int as bets, sum(o.matched)::bigint as turnover
        from bet_orders o
        join settled k on k.market_id = o.market_id
        join users u on u.id = o.user_id
        where o.book = 'real' and o.matched > 0 and ${playersIn(f.scope)}
        group by o.market_id)
      select m.id, ms.settled_at, s.name as sport, ev.name as event, m.name as market, m.kind,
        pp.players, pp.players_pl, pc.commission, pmm.mm, coalesce(pb.bets, 0) as bets,
        pb.turnover
      from settled k
      join markets m on m.id = k.market_id
      join events ev on ev.id = m.event_id
      join sports s on s.id = ev.sport_id
      left join market_settlements ms on ms.market_id = m.id
      left join per_player pp on pp.market_id = m.id
      left join per_commission pc on pc.market_id = m.id
      left join per_mm pmm on pmm.market_id = m.id
      left join per_bets pb on pb.market_id = m.id
      where ${marketsAsked(f)}`,
    order: sql`q.settled_at desc nulls last, q.id`,
    toRow: (r) => {
      const housePL = isHouseKind(r.kind) ? -Number(r.players_pl ?? 0) : 0
      const mm = wholeHouse ? Number(r.mm ?? 0) : null
      return {
        settledAt: time(r.settled_at),
        sport: r.sport,
        event: r.event,
        market: r.market,
        marketId: r.id,
        kind: r.kind,
        players: r.players ?? 0,
        bets: r.bets,
        turnover: money(r.turnover),
        playersPL: money(r.players_pl),
        commission: money(r.commission),
        housePL: money(housePL),
        marketMakerPL: mm === null ? null : money(mm),
        ggr: money(Number(r.commission ?? 0) + housePL + (mm ?? 0)),
      }
    },
  })

interface PlayerPLRaw {
  user_id: string
  player: string
  brand: string
  agent: string | null
  bets: number | null
  turnover: number | null
  bet_pl: number | null
  casino_pl: number | null
  deposits: number | null
  withdrawals: number | null
  commission: number | null
}

/**
 * Per player: the P/L of bets and casino, the commission paid, deposits and withdrawals. Asked
 * for a sport or a market, only the bets on it count.
 */
const playerPL = report<PlayerPLRaw>({
  columns: [
    col('player', 'Player'),
    col('brand', 'Brand'),
    col('agent', 'Agent'),
    col('bets', 'Bets', 'int'),
    col('turnover', 'Turnover', 'money'),
    col('betPL', 'Bets P/L', 'money'),
    col('commission', 'Commission', 'money'),
    col('casinoPL', 'Casino P/L', 'money'),
    col('totalPL', 'Total P/L', 'money'),
    col('deposits', 'Deposits', 'money'),
    col('withdrawals', 'Withdrawals', 'money'),
  ],
  query: (f) => sql<PlayerPLRaw>`
    with ${playerMoney(f.scope, f.range)}, ${commissions(f.scope, f.range)},
    per_money as (
      select pm.user_id,
        sum(pm.amount) filter (where pm.category = 'bet')::bigint as bet_pl,
        sum(pm.amount) filter (where pm.category = 'casino')::bigint as casino_pl,
        sum(pm.amount) filter (where pm.category = 'deposit')::bigint as deposits,
        (-sum(pm.amount) filter (where pm.category = 'withdrawal'))::bigint as withdrawals
      from player_money pm
      left join markets m on m.id = pm.market_id
      left join events ev on ev.id = m.event_id
      ${narrowedToMarkets(f) ? sql`where pm.category = 'bet' and ${marketsAsked(f)}` : sql``}
      group by pm.user_id),
    per_commission as (
      select c.user_id, sum(c.amount)::bigint as commission
      from commissions c
      join markets m on m.id = c.market_id join events ev on ev.id = m.event_id
      where ${marketsAsked(f)}
      group by c.user_id),
    per_bets as (
      select o.user_id, count(*)::int as bets, sum(o.matched)::bigint as turnover
      from bet_orders o
      join users u on u.id = o.user_id
      join markets m on m.id = o.market_id join events ev on ev.id = m.event_id
      where o.book = 'real' and o.placed_at >= ${f.range.start} and o.placed_at < ${f.range.end}
        and ${playersIn(f.scope)} and ${marketsAsked(f)}
      group by o.user_id),
    active as (
      select user_id from per_money union select user_id from per_commission
      union select user_id from per_bets)
    select u.id as user_id, u.user_name as player, b.name as brand, op.user_name as agent,
      pb.bets, pb.turnover, pm.bet_pl, pm.casino_pl, pm.deposits, pm.withdrawals, pc.commission
    from active k
    join users u on u.id = k.user_id
    join brands b on b.id = u.brand_id
    left join users op on op.id = u.operator_id
    left join per_money pm on pm.user_id = u.id
    left join per_commission pc on pc.user_id = u.id
    left join per_bets pb on pb.user_id = u.id`,
  order: sql`lower(q.player), q.user_id`,
  toRow: (r) => ({
    player: r.player,
    brand: r.brand,
    agent: r.agent,
    bets: r.bets ?? 0,
    turnover: money(r.turnover),
    betPL: money(r.bet_pl),
    commission: money(r.commission),
    casinoPL: money(r.casino_pl),
    totalPL: money(Number(r.bet_pl ?? 0) + Number(r.casino_pl ?? 0)),
    deposits: money(r.deposits),
    withdrawals: money(r.withdrawals),
  }),
})

interface AgentRaw {
  agent: string | null
  agent_name: string | null
  players: number
  turnover: number | null
  players_pl: number | null
  house_pl: number | null
  casino_ggr: number | null
  commission: number | null
}

/**
 * Per agent (the operator account the players belong to; players who signed up themselves are
 * "Direct"): what its players staked and lost, and what the house earned from them.
 */
const agentCommission = report<AgentRaw>({
  columns: [
    col('agent', 'Agent'),
    col('agentName', 'Name'),
    col('players', 'Active players', 'int'),
    col('turnover', 'Turnover', 'money'),
    col('playersPL', 'Players P/L', 'money'),
    col('commission', 'Exchange commission', 'money'),
    col('housePL', 'House P/L', 'money'),
    col('casinoGGR', 'Casino GGR', 'money'),
    col('ggr', 'GGR', 'money'),
  ],
  query: (f) => sql<AgentRaw>`
    with ${playerMoney(f.scope, f.range, ['bet', 'casino'])}, ${commissions(f.scope, f.range)},
    money_by_user as (
      select pm.user_id,
        sum(pm.amount) filter (where pm.category in ('bet', 'casino'))::bigint as players_pl,
        (-sum(pm.amount) filter (where pm.category = 'bet' and ${isHouseMarket(sql`m.kind`)}))::bigint as house_pl,
        (-sum(pm.amount) filter (where pm.category = 'casino'))::bigint as casino_ggr
      from player_money pm left join markets m on m.id = pm.market_id
      group by pm.user_id),
    commission_by_user as (
      select user_id, sum(amount)::bigint as commission from commissions group by user_id),
    turnover_by_user as (
      select o.user_id, sum(o.matched)::bigint as turnover
      from bet_orders o join users u on u.id = o.user_id
      where o.book = 'real' and o.placed_at >= ${f.range.start} and o.placed_at < ${f.range.end}
        and o.matched > 0 and ${playersIn(f.scope)}
      group by o.user_id),
    active as (
      select user_id from money_by_user union select user_id from commission_by_user
      union select user_id from turnover_by_user)
    select op.user_name as agent, op.name as agent_name,
      count(*)::int as players, sum(t.turnover)::bigint as turnover,
      sum(mu.players_pl)::bigint as players_pl, sum(mu.house_pl)::bigint as house_pl,
      sum(mu.casino_ggr)::bigint as casino_ggr, sum(cu.commission)::bigint as commission
    from active k
    join users u on u.id = k.user_id
    left join users op on op.id = u.operator_id
    left join money_by_user mu on mu.user_id = u.id
    left join commission_by_user cu on cu.user_id = u.id
    left join turnover_by_user t on t.user_id = u.id
    group by u.operator_id, op.user_name, op.name`,
  order: sql`q.agent nulls last`,
  toRow: (r) => {
    const ggr = Number(r.commission ?? 0) + Number(r.house_pl ?? 0) + Number(r.casino_ggr ?? 0)
    return {
      agent: r.agent ?? 'Direct',
      agentName: r.agent_name ?? 'Players who signed up themselves',
      players: r.players,
      turnover: money(r.turnover),
      playersPL: money(r.players_pl),
      commission: money(r.commission),
      housePL: money(r.house_pl),
      casinoGGR: money(r.casino_ggr),
      ggr: money(ggr),
    }
  },
})

/** CTE `rounds`: per casino round in scope, what the wallet took and paid back. */
const casinoRounds = (f: ReportFilter) => sql`
  rounds as (
    select c.game_id, c.round_id, c.user_id, min(c.created_at) as started_at,
      coalesce(sum(c.amount) filter (where c.kind = 'debit'), 0)::bigint as bets,
      coalesce(sum(c.amount) filter (where c.kind = 'credit'), 0)::bigint as wins,
      coalesce(sum(c.amount) filter (where c.kind = 'rollback'), 0)::bigint as rollbacks
    from casino_transactions c join users u on u.id = c.user_id
    where c.created_at >= ${f.range.start} and c.created_at < ${f.range.end}
      and ${playersIn(f.scope)}
    group by c.game_id, c.round_id, c.user_id)`

interface CasinoMoneyRaw {
  bets: number
  wins: number
  rollbacks: number
}
const casinoMoney = (r: CasinoMoneyRaw) => ({
  bets: money(r.bets),
  wins: money(r.wins),
  rollbacks: money(r.rollbacks),
  ggr: money(Number(r.bets) - Number(r.wins) - Number(r.rollbacks)),
})
const casinoMoneyColumns = [
  col('bets', 'Bets', 'money'),
  col('wins', 'Wins', 'money'),
  col('rollbacks', 'Rolled back', 'money'),
  col('ggr', 'GGR', 'money'),
]

const casinoGames = report<CasinoMoneyRaw & { game_id: string; rounds: number; players: number }>({
  columns: [
    col('game', 'Game'),
    col('rounds', 'Rounds', 'int'),
    col('players', 'Players', 'int'),
    ...casinoMoneyColumns,
  ],
  query: (f) => sql`
    with ${casinoRounds(f)}
    select game_id, count(*)::int as rounds, count(distinct user_id)::int as players,
      sum(bets)::bigint as bets, sum(wins)::bigint as wins, sum(rollbacks)::bigint as rollbacks
    from rounds group by game_id`,
  order: sql`q.game_id`,
  toRow: (r) => ({ game: r.game_id, rounds: r.rounds, players: r.players, ...casinoMoney(r) }),
})

interface RoundRaw extends CasinoMoneyRaw {
  game_id: string
  round_id: string
  user_id: string
  player: string
  started_at: Date
  settled: boolean | null
}

const casinoRoundsReport = report<RoundRaw>({
  columns: [
    col('startedAt', 'Started', 'time'),
    col('game', 'Game'),
    col('round', 'Round'),
    col('player', 'Player'),
    col('settled', 'Settled'),
    ...casinoMoneyColumns,
  ],
  query: (f) => sql<RoundRaw>`
    with ${casinoRounds(f)}
    select r.*, u.user_name as player, cr.settled
    from rounds r
    join users u on u.id = r.user_id
    left join casino_rounds cr
      on cr.user_id = r.user_id and cr.game_id = r.game_id and cr.round_id = r.round_id`,
  order: sql`q.started_at desc, q.round_id, q.user_id`,
  toRow: (r) => ({
    startedAt: time(r.started_at),
    game: r.game_id,
    round: r.round_id,
    player: r.player,
    settled: r.settled ? 'yes' : 'no',
    ...casinoMoney(r),
  }),
})

interface LimitsRaw {
  user_id: string
  player: string
  brand: string
  changed_at: Date
  daily: number | null
  weekly: number | null
  monthly: number | null
  pending: string | null
  time_out_until: Date | null
  self_excluded_until: Date | null
  permanent: boolean | null
}

const limit = (paise: number | null) => (paise === null ? null : money(paise))

/** Players whose deposit limits, time-out or self-exclusion changed in the days asked for. */
const responsibleGambling = report<LimitsRaw>({
  columns: [
    col('changedAt', 'Changed', 'time'),
    col('player', 'Player'),
    col('brand', 'Brand'),
    col('dailyLimit', 'Daily deposit limit', 'money'),
    col('weeklyLimit', 'Weekly deposit limit', 'money'),
    col('monthlyLimit', 'Monthly deposit limit', 'money'),
    col('pendingChange', 'Pending limit change'),
    col('timeOutUntil', 'Time-out until', 'time'),
    col('selfExcludedUntil', 'Self-excluded until', 'time'),
    col('permanent', 'Permanently excluded'),
  ],
  query: (f) => sql<LimitsRaw>`
    with limits as (
      select user_id, max(updated_at) as changed_at,
        max(limit_paise) filter (where period = 'daily') as daily,
        max(limit_paise) filter (where period = 'weekly') as weekly,
        max(limit_paise) filter (where period = 'monthly') as monthly,
        string_agg(period || ' → ' || coalesce((pending_limit_paise / 100.0)::text, 'none')
          || ' from ' || to_char(pending_from at time zone 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC',
          '; ' order by period) filter (where pending_from is not null) as pending
      from deposit_limits group by user_id),
    changed as (
      select u.id, greatest(l.changed_at, x.updated_at) as changed_at
      from users u
      left join limits l on l.user_id = u.id
      left join player_exclusions x on x.user_id = u.id
      where (l.user_id is not null or x.user_id is not null) and ${playersIn(f.scope)})
    select u.id as user_id, c.changed_at, u.user_name as player, b.name as brand, l.daily,
      l.weekly, l.monthly, l.pending, x.time_out_until, x.self_excluded_until,
      x.self_excluded_permanent as permanent
    from changed c
    join users u on u.id = c.id
    join brands b on b.id = u.brand_id
    left join limits l on l.user_id = u.id
    left join player_exclusions x on x.user_id = u.id
    where c.changed_at >= ${f.range.start} and c.changed_at < ${f.range.end}`,
  order: sql`q.changed_at desc, q.user_id`,
  toRow: (r) => ({
    changedAt: time(r.changed_at),
    player: r.player,
    brand: r.brand,
    dailyLimit: limit(r.daily),
    weeklyLimit: limit(r.weekly),
    monthlyLimit: limit(r.monthly),
    pendingChange: r.pending,
    timeOutUntil: time(r.time_out_until),
    selfExcludedUntil: time(r.self_excluded_until),
    permanent: r.permanent ? 'yes' : 'no',
  }),
})

/** The report of a kind; the P/L by market counts the market maker only across the whole house. */
export const reportOf = (kind: ReportKind, scope: ReportScope): ReportDefinition => {
  switch (kind) {
    case 'market-pl':
      return marketPL(isWholeHouse(scope))
    case 'player-pl':
      return playerPL
    case 'agent-commission':
      return agentCommission
    case 'casino-games':
      return casinoGames
    case 'casino-rounds':
      return casinoRoundsReport
    case 'responsible-gambling':
      return responsibleGambling
  }
}
