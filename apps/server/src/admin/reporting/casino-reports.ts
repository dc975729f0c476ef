import { sql } from 'kysely'
import { col, money, type ReportFilter, report, time } from './report-definition'
import { playersIn } from './report-scope'

/* The casino's reports, per game and per round, from the wallet's transactions (reports.ts lists them). */

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

export const casinoGames = report<
  CasinoMoneyRaw & { game_id: string; rounds: number; players: number }
>({
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

export const casinoRoundsReport = report<RoundRaw>({
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
