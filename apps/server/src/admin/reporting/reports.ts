import type { ReportKind } from '@backlay/contract/admin-reports'
import { type RawBuilder, sql } from 'kysely'
import { casinoGames, casinoRoundsReport } from './casino-reports'
import { commissions, isHouseMarket, marketMakerMoney, playerMoney } from './ledger-figures'
import {
  col,
  money,
  type ReportDefinition,
  type ReportFilter,
  report,
  time,
} from './report-definition'
import { isWholeHouse, playersIn, type ReportScope } from './report-scope'

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
