import type {
  DailyFigures,
  Dashboard,
  DashboardPeriod,
  PeriodFigures,
} from '@backlay/contract/admin-reports'
import { paiseToRupees } from '@backlay/contract/money'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/schema'
import { commissions, isHouseMarket, marketMakerMoney, playerMoney } from './ledger-figures'
import {
  addDays,
  daysRange,
  indiaDay,
  indiaDayOf,
  isWholeHouse,
  playersIn,
  type ReportScope,
} from './report-scope'

const DAYS = 30
const TOP_MARKETS = 10

/** India days, both included. */
interface DaySpan {
  from: string
  to: string
}

/** The additive figures of one India day, in paise. */
interface DaySums {
  turnover: number
  matchedVolume: number
  commission: number
  housePL: number
  marketMakerPL: number
  casinoGGR: number
  signUps: number
  deposits: number
  withdrawals: number
}

const zero = (): DaySums => ({
  turnover: 0,
  matchedVolume: 0,
  commission: 0,
  housePL: 0,
  marketMakerPL: 0,
  casinoGGR: 0,
  signUps: 0,
  deposits: 0,
  withdrawals: 0,
})

const ggrOf = (d: DaySums, wholeHouse: boolean) =>
  d.commission + d.housePL + d.casinoGGR + (wholeHouse ? d.marketMakerPL : 0)

/**
 * The dashboard's figures for the last 30 India days up to `now`: money from the ledger (GGR,
 * deposits, withdrawals), activity from the bets and casino rounds (turnover, volume, players).
 */
export async function readDashboard(
  db: Kysely<Database>,
  scope: ReportScope,
  now: number,
  brands: { id: string; name: string }[],
): Promise<Dashboard> {
  const today = indiaDay(now)
  const first = addDays(today, -(DAYS - 1))
  const range = daysRange(first, today)
  const wholeHouse = isWholeHouse(scope)
  const days = new Map<string, DaySums>()
  for (let i = 0; i < DAYS; i++) days.set(addDays(first, i), zero())
  const add = (day: string, key: keyof DaySums, paise: number) => {
    const sums = days.get(day)
    if (sums) sums[key] += paise
  }

  const money = await sql<{ day: string; category: string; house: boolean; amount: number }>`
    with ${playerMoney(scope, range)}
    select ${indiaDayOf(sql`pm.created_at`)} as day, pm.category,
      coalesce(${isHouseMarket(sql`m.kind`)}, false) as house, sum(pm.amount)::bigint as amount
    from player_money pm left join markets m on m.id = pm.market_id
    group by 1, 2, 3`.execute(db)
  for (const r of money.rows) {
    if (r.category === 'bet' && r.house) add(r.day, 'housePL', -r.amount)
    else if (r.category === 'casino') add(r.day, 'casinoGGR', -r.amount)
    else if (r.category === 'deposit') add(r.day, 'deposits', r.amount)
    else if (r.category === 'withdrawal') add(r.day, 'withdrawals', -r.amount)
  }

  const paid = await sql<{ day: string; amount: number }>`
    with ${commissions(scope, range)}
    select ${indiaDayOf(sql`created_at`)} as day, sum(amount)::bigint as amount
    from commissions group by 1`.execute(db)
  for (const r of paid.rows) add(r.day, 'commission', r.amount)

  if (wholeHouse) {
    const quoted = await sql<{ day: string; amount: number }>`
      with ${marketMakerMoney(range)}
      select ${indiaDayOf(sql`created_at`)} as day, sum(amount)::bigint as amount
      from market_maker group by 1`.execute(db)
    for (const r of quoted.rows) add(r.day, 'marketMakerPL', r.amount)
  }

  const staked = await sql<{ day: string; amount: number }>`
    select day, sum(amount)::bigint as amount from (
      select ${indiaDayOf(sql`o.placed_at`)} as day, o.matched as amount
      from bet_orders o join users u on u.id = o.user_id
      where o.book = 'real' and o.placed_at >= ${range.start} and o.placed_at < ${range.end}
        and o.matched > 0 and ${playersIn(scope)}
      union all
      select ${indiaDayOf(sql`c.created_at`)}, c.amount
      from casino_transactions c join users u on u.id = c.user_id
      where c.kind = 'debit' and c.created_at >= ${range.start} and c.created_at < ${range.end}
        and ${playersIn(scope)}
    ) s group by day`.execute(db)
  for (const r of staked.rows) add(r.day, 'turnover', r.amount)

  const volume = await sql<{ day: string; amount: number }>`
    select ${indiaDayOf(sql`f.at`)} as day, sum(f.stake)::bigint as amount
    from bet_fills f
    where f.at >= ${range.start} and f.at < ${range.end}
      ${
        wholeHouse
          ? sql``
          : sql`and exists (select 1 from users u
              where u.id in (f.back_user_id, f.lay_user_id) and ${playersIn(scope)})`
      }
    group by 1`.execute(db)
  for (const r of volume.rows) add(r.day, 'matchedVolume', r.amount)

  const joined = await sql<{ day: string; count: number }>`
    select ${indiaDayOf(sql`u.created_at`)} as day, count(*)::int as count
    from users u
    where u.created_at >= ${range.start} and u.created_at < ${range.end} and ${playersIn(scope)}
    group by 1`.execute(db)
  for (const r of joined.rows) add(r.day, 'signUps', r.count)

  const yesterday = addDays(today, -1)
  const spans: Record<DashboardPeriod, DaySpan> = {
    today: { from: today, to: today },
    yesterday: { from: yesterday, to: yesterday },
    last7Days: { from: addDays(today, -6), to: today },
    last30Days: { from: first, to: today },
  }
  const active = await activePlayers(db, scope, spans)

  const periods = Object.fromEntries(
    (Object.keys(spans) as DashboardPeriod[]).map((period) => {
      const sums = zero()
      for (const [day, d] of days) {
        if (day < spans[period].from || day > spans[period].to) continue
        for (const key of Object.keys(sums) as (keyof DaySums)[]) sums[key] += d[key]
      }
      return [period, figuresOf(sums, wholeHouse, active[period])]
    }),
  ) as Record<DashboardPeriod, PeriodFigures>

  const daily: DailyFigures[] = [...days].map(([day, d]) => ({
    day,
    turnover: paiseToRupees(d.turnover),
    ggr: paiseToRupees(ggrOf(d, wholeHouse)),
    deposits: paiseToRupees(d.deposits),
    withdrawals: paiseToRupees(d.withdrawals),
  }))

  return { periods, daily, topExposure: await topExposure(db, scope), brands }
}

function figuresOf(d: DaySums, wholeHouse: boolean, activePlayers: number): PeriodFigures {
  return {
    turnover: paiseToRupees(d.turnover),
    matchedVolume: paiseToRupees(d.matchedVolume),
    ggr: paiseToRupees(ggrOf(d, wholeHouse)),
    commission: paiseToRupees(d.commission),
    housePL: paiseToRupees(d.housePL),
    marketMakerPL: wholeHouse ? paiseToRupees(d.marketMakerPL) : null,
    casinoGGR: paiseToRupees(d.casinoGGR),
    activePlayers,
    signUps: d.signUps,
    deposits: paiseToRupees(d.deposits),
    withdrawals: paiseToRupees(d.withdrawals),
  }
}

/** Players who placed a bet or played a casino round, per period (distinct, so not additive). */
async function activePlayers(
  db: Kysely<Database>,
  scope: ReportScope,
  spans: Record<DashboardPeriod, DaySpan>,
): Promise<Record<DashboardPeriod, number>> {
  const { start, end } = daysRange(spans.last30Days.from, spans.last30Days.to)
  const counts = (Object.keys(spans) as DashboardPeriod[]).map((period) => {
    const span = daysRange(spans[period].from, spans[period].to)
    return sql`count(distinct a.user_id) filter (where a.at >= ${span.start} and a.at < ${span.end})::int as ${sql.ref(period)}`
  })
  const { rows } = await sql<Record<DashboardPeriod, number>>`
    select ${sql.join(counts)}
    from (
      select o.user_id, o.placed_at as at from bet_orders o
      where o.book = 'real' and o.placed_at >= ${start} and o.placed_at < ${end}
      union all
      select c.user_id, c.created_at from casino_transactions c
      where c.kind = 'debit' and c.created_at >= ${start} and c.created_at < ${end}
    ) a join users u on u.id = a.user_id
    where ${playersIn(scope)}`.execute(db)
  const [row] = rows
  if (!row) throw new Error('an aggregate without a row')
  return row
}

/** What the players in scope hold on each open market now, largest first. */
async function topExposure(db: Kysely<Database>, scope: ReportScope) {
  const { rows } = await sql<{
    market_id: string
    market_name: string
    event_name: string
    held: number
    players: number
  }>`
    select x.market_id, m.name as market_name, ev.name as event_name,
      sum(x.held)::bigint as held, count(*)::int as players
    from market_exposures x
    join users u on u.id = x.user_id
    join markets m on m.id = x.market_id
    join events ev on ev.id = m.event_id
    where x.book = 'real' and x.held > 0 and ${playersIn(scope)}
    group by x.market_id, m.name, ev.name
    order by held desc, x.market_id
    limit ${TOP_MARKETS}`.execute(db)
  return rows.map((r) => ({
    marketId: r.market_id,
    marketName: r.market_name,
    eventName: r.event_name,
    exposure: paiseToRupees(r.held),
    players: r.players,
  }))
}
