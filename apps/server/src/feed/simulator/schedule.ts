import { SPORT_ID } from '@backlay/contract/sport'
import type { CompetitionInput } from '../../db/repositories/catalog'
import type { MarketKind, RacingMetadata } from '../../db/schema'
import { BET_DELAY_SECONDS, LIMITS, MAX_PROFIT } from '../market-limits'
import {
  createPrng,
  gaussian,
  hash32,
  intBetween,
  type Prng,
  pick,
  pickDistinct,
  pickWeighted,
} from '../prng'
import {
  CRICKET_SERIES,
  ELECTIONS,
  FOOTBALL_LEAGUES,
  GREYHOUND_TRAINERS,
  GREYHOUND_VENUES,
  HORSE_NAME_FIRST,
  HORSE_NAME_SECOND,
  HORSE_VENUES,
  JOCKEYS,
  TENNIS_TOURNAMENTS,
  type TeamSeries,
  TRAINERS,
  type Venue,
} from './names'
import { silksPathOf } from './silks'

/**
 * The simulated calendar: a pure function of (seed, UTC day) → fixtures, so every restart and
 * every process sees the same events with the same ids, start times and (hidden) results.
 */

export const DAY_MS = 86_400_000
const MINUTE = 60_000
const HOUR = 60 * MINUTE

export const dayIndexOf = (epochMs: number) => Math.floor(epochMs / DAY_MS)

export interface FixtureRunner {
  selectionId: string
  name: string
  metadata: RacingMetadata | null
}

export interface FixtureMarket {
  id: string
  kind: MarketKind
  name: string
  sortPriority: number
  runners: FixtureRunner[]
  /** Fair win probabilities at the start of trading (exchange and bookmaker markets). */
  initialProbabilities: number[]
  /** Decided up front so a restart can never declare a different result. */
  winnerIndex: number
  /** When the market closes with its result. */
  closeAt: number
  /** SESSION only: the opening line and the final runs. */
  session: { openingRuns: number; resultRuns: number } | null
  betDelaySeconds: number
  minStake: number
  maxStake: number
  maxProfit: number
}

export interface Fixture {
  sportId: string
  competition: CompetitionInput
  eventId: string
  name: string
  startTime: number
  endTime: number
  venue: string | null
  countryCode: string | null
  markets: FixtureMarket[]
}

export const ELECTION_CODE = '99'
const SPORT_CODE: Record<string, string> = {
  [SPORT_ID.football]: '01',
  [SPORT_ID.tennis]: '02',
  [SPORT_ID.cricket]: '04',
  [SPORT_ID.horseRacing]: '07',
  [SPORT_ID.greyhoundRacing]: '43',
  [SPORT_ID.election]: ELECTION_CODE,
}

/** eventId(20415, '4', 3) → '2041504003': day, sport, sequence; stable across restarts. */
const eventId = (day: number, sportId: string, seq: number) =>
  `${day}${SPORT_CODE[sportId]}${String(seq).padStart(3, '0')}`

/** Betfair-style market ids: 1. match odds / win, 2. bookmaker, 3. sessions. */
const marketId = (prefix: 1 | 2 | 3, event: string, n = 0) =>
  `${prefix}.${event}${prefix === 3 ? String(n).padStart(2, '0') : ''}`

const selectionIdOf = (name: string) => String(hash32(`runner:${name}`) % 10_000_000)
const seriesId = (sportId: string, name: string) =>
  String(hash32(`series:${sportId}:${name}`) % 100_000_000)

const normalise = (weights: readonly number[]) => {
  const total = weights.reduce((a, b) => a + b, 0)
  return weights.map((w) => w / total)
}

/** MI for Mumbai Indians, IND for India: the short names used in session titles. */
const shortName = (team: string) => {
  const words = team.split(' ')
  return words.length === 1
    ? team.slice(0, 3).toUpperCase()
    : words
        .map((w) => w[0])
        .join('')
        .toUpperCase()
}

function headToHead(rng: Prng, teams: readonly string[], withDraw: boolean) {
  const [home, away] = pickDistinct(rng, teams, 2) as [string, string]
  const homeStrength = 0.3 + rng.next() * 0.4
  const runners: FixtureRunner[] = [
    { selectionId: selectionIdOf(home), name: home, metadata: null },
    { selectionId: selectionIdOf(away), name: away, metadata: null },
  ]
  let probabilities = [homeStrength, 1 - homeStrength]
  if (withDraw) {
    const draw = 0.22 + rng.next() * 0.08
    probabilities = [homeStrength * (1 - draw), (1 - homeStrength) * (1 - draw), draw]
    runners.push({ selectionId: '58805', name: 'The Draw', metadata: null })
  }
  return { home, away, runners, probabilities, winnerIndex: pickWeighted(rng, probabilities) }
}

function cricketFixture(rng: Prng, day: number, seq: number, start: number): Fixture {
  const series = pick(rng, CRICKET_SERIES)
  const odi = series.name === 'ICC Champions Trophy'
  const duration = odi ? 8 * HOUR : 3.5 * HOUR + intBetween(rng, 0, 30) * MINUTE
  const id = eventId(day, SPORT_ID.cricket, seq)
  const end = start + duration
  const match = headToHead(rng, series.teams, false)
  const overs = odi ? 50 : 20
  const firstInnings = duration * 0.47
  const batting = match.home
  const sessionDefs = odi
    ? [
        { over: 10, runs: 55 },
        { over: 20, runs: 105 },
        { over: 50, runs: 285 },
      ]
    : [
        { over: 6, runs: 50 },
        { over: 10, runs: 82 },
        { over: 20, runs: 168 },
      ]
  const sessions: FixtureMarket[] = sessionDefs.map((s, i) => {
    const openingRuns = s.runs + intBetween(rng, -6, 6)
    return {
      id: marketId(3, id, i + 1),
      kind: 'SESSION',
      name: `${s.over} over runs ${shortName(batting)}`,
      sortPriority: 10 + i,
      runners: [
        { selectionId: '1', name: `${s.over} over runs ${shortName(batting)}`, metadata: null },
      ],
      initialProbabilities: [1],
      winnerIndex: 0,
      closeAt: start + Math.round((s.over / overs) * firstInnings),
      session: {
        openingRuns,
        resultRuns: Math.max(0, Math.round(openingRuns + gaussian(rng) * openingRuns * 0.15)),
      },
      betDelaySeconds: BET_DELAY_SECONDS,
      ...LIMITS.fancy,
      maxProfit: MAX_PROFIT,
    }
  })
  const exchange = (kind: 'MATCH_ODDS' | 'BOOKMAKER'): FixtureMarket => ({
    id: marketId(kind === 'MATCH_ODDS' ? 1 : 2, id),
    kind,
    name: kind === 'MATCH_ODDS' ? 'Match Odds' : 'Bookmaker',
    sortPriority: kind === 'MATCH_ODDS' ? 0 : 1,
    runners: match.runners,
    initialProbabilities: match.probabilities,
    winnerIndex: match.winnerIndex,
    closeAt: end,
    session: null,
    betDelaySeconds: BET_DELAY_SECONDS,
    ...(kind === 'MATCH_ODDS' ? LIMITS.cricketOdds : LIMITS.cricketBookmaker),
    maxProfit: MAX_PROFIT,
  })
  return {
    sportId: SPORT_ID.cricket,
    competition: {
      id: seriesId(SPORT_ID.cricket, series.name),
      sportId: SPORT_ID.cricket,
      name: series.name,
      countryCode: null,
    },
    eventId: id,
    name: `${match.home} v ${match.away}`,
    startTime: start,
    endTime: end,
    venue: null,
    countryCode: null,
    markets: [exchange('MATCH_ODDS'), exchange('BOOKMAKER'), ...sessions],
  }
}

function matchOddsFixture(
  rng: Prng,
  opts: {
    day: number
    seq: number
    sportId: string
    series: TeamSeries
    start: number
    duration: number
    draw: boolean
  },
): Fixture {
  const id = eventId(opts.day, opts.sportId, opts.seq)
  const end = opts.start + opts.duration
  const match = headToHead(rng, opts.series.teams, opts.draw)
  return {
    sportId: opts.sportId,
    competition: {
      id: seriesId(opts.sportId, opts.series.name),
      sportId: opts.sportId,
      name: opts.series.name,
      countryCode: null,
    },
    eventId: id,
    name: `${match.home} v ${match.away}`,
    startTime: opts.start,
    endTime: end,
    venue: null,
    countryCode: null,
    markets: [
      {
        id: marketId(1, id),
        kind: 'MATCH_ODDS',
        name: 'Match Odds',
        sortPriority: 0,
        runners: match.runners,
        initialProbabilities: match.probabilities,
        winnerIndex: match.winnerIndex,
        closeAt: end,
        session: null,
        betDelaySeconds: BET_DELAY_SECONDS,
        ...LIMITS.other,
        maxProfit: MAX_PROFIT,
      },
    ],
  }
}

const RACE_TYPES = ['Hcap', 'Mdn Stks', 'Nov Hrd', 'Hcap Chs', 'Listed', 'Claiming Stks'] as const
const RACE_DISTANCES = ['5f', '6f', '7f', '1m', '1m2f', '1m4f', '2m', '2m4f', '3m'] as const
const GREYHOUND_GRADES = ['A1', 'A2', 'A3', 'A4', 'A5', 'OR', 'S1', 'HP'] as const
const GREYHOUND_DISTANCES = ['285m', '400m', '480m', '520m', '575m'] as const

function raceMeeting(
  rng: Prng,
  day: number,
  firstSeq: number,
  venue: Venue,
  sportId: string,
): Fixture[] {
  const horses = sportId === SPORT_ID.horseRacing
  const meetingId = String(hash32(`meeting:${sportId}:${venue.name}:${day}`) % 100_000_000)
  const competition = { id: meetingId, sportId, name: venue.name, countryCode: venue.countryCode }
  const races = horses ? 7 : 10
  const gap = horses ? 35 * MINUTE : 17 * MINUTE
  const raceLength = horses ? 4 * MINUTE : 1 * MINUTE
  const first = day * DAY_MS + venue.firstRaceUtcHour * HOUR + intBetween(rng, 0, 3) * 5 * MINUTE
  const fixtures: Fixture[] = []
  for (let r = 0; r < races; r++) {
    const start = first + r * gap
    const id = eventId(day, sportId, firstSeq + r)
    const count = horses ? intBetween(rng, 6, 12) : 6
    const runners: FixtureRunner[] = Array.from({ length: count }, (_, i) => {
      const name = horses
        ? `${pick(rng, HORSE_NAME_FIRST)} ${pick(rng, HORSE_NAME_SECOND)}`
        : `${pick(rng, HORSE_NAME_SECOND)} ${pick(rng, ['Jet', 'Flash', 'Bolt', 'Dash', 'Rocket', 'Spark'])}`
      const clothNumber = i + 1
      return {
        selectionId: String(hash32(`${id}:${clothNumber}:${name}`) % 100_000_000),
        name: horses ? name : `${clothNumber}. ${name}`,
        metadata: {
          clothNumber,
          jockey: horses ? pick(rng, JOCKEYS) : '',
          trainer: horses ? pick(rng, TRAINERS) : pick(rng, GREYHOUND_TRAINERS),
          silks: silksPathOf(horses, id, clothNumber),
        },
      }
    })
    const probabilities = normalise(runners.map(() => Math.exp(gaussian(rng) * 0.8)))
    const title = horses
      ? `${pick(rng, RACE_DISTANCES)} ${pick(rng, RACE_TYPES)}`
      : `${pick(rng, GREYHOUND_GRADES)} ${pick(rng, GREYHOUND_DISTANCES)}`
    fixtures.push({
      sportId,
      competition,
      eventId: id,
      name: `${venue.name} R${r + 1} ${title}`,
      startTime: start,
      endTime: start + raceLength,
      venue: venue.name,
      countryCode: venue.countryCode,
      markets: [
        {
          id: marketId(1, id),
          kind: 'WIN',
          name: title,
          sortPriority: 0,
          runners,
          initialProbabilities: probabilities,
          winnerIndex: pickWeighted(rng, probabilities),
          closeAt: start + raceLength,
          session: null,
          betDelaySeconds: BET_DELAY_SECONDS,
          ...LIMITS.other,
          maxProfit: MAX_PROFIT,
        },
      ],
    })
  }
  return fixtures
}

/**
 * Every fixture starting on UTC day `day` (except elections, see electionsAnnouncedOn).
 * Cricket starts every three hours so some match is always in play; the rest follows local hours.
 */
export function fixturesOfDay(seed: string, day: number): Fixture[] {
  const rng = createPrng(`${seed}:day:${day}`)
  const dayStart = day * DAY_MS
  const fixtures: Fixture[] = []

  for (let slot = 0; slot < 8; slot++) {
    const start = dayStart + slot * 3 * HOUR + intBetween(rng, 0, 6) * 5 * MINUTE
    fixtures.push(cricketFixture(rng, day, slot + 1, start))
  }
  for (let seq = 1; seq <= 16; seq++) {
    const start = dayStart + intBetween(rng, 0, 22 * 4) * 15 * MINUTE
    const series = pick(rng, FOOTBALL_LEAGUES)
    fixtures.push(
      matchOddsFixture(rng, {
        day,
        seq,
        sportId: SPORT_ID.football,
        series,
        start,
        duration: 115 * MINUTE,
        draw: true,
      }),
    )
  }
  for (let seq = 1; seq <= 12; seq++) {
    const start = dayStart + intBetween(rng, 0, 21 * 2) * 30 * MINUTE
    const series = pick(rng, TENNIS_TOURNAMENTS)
    const duration = intBetween(rng, 80, 180) * MINUTE
    fixtures.push(
      matchOddsFixture(rng, {
        day,
        seq,
        sportId: SPORT_ID.tennis,
        series,
        start,
        duration,
        draw: false,
      }),
    )
  }
  pickDistinct(rng, HORSE_VENUES, 6).forEach((venue, i) => {
    fixtures.push(...raceMeeting(rng, day, i * 20 + 1, venue, SPORT_ID.horseRacing))
  })
  pickDistinct(rng, GREYHOUND_VENUES, 4).forEach((venue, i) => {
    fixtures.push(...raceMeeting(rng, day, i * 20 + 1, venue, SPORT_ID.greyhoundRacing))
  })
  return fixtures.sort((a, b) => a.startTime - b.startTime || a.eventId.localeCompare(b.eventId))
}

/** An election is announced every fifth day and decided ELECTION_LEAD_DAYS later. */
export const ELECTION_LEAD_DAYS = 12

export function electionsAnnouncedOn(seed: string, day: number): Fixture[] {
  if (day % 5 !== 0) return []
  const rng = createPrng(`${seed}:election:${day}`)
  const election = ELECTIONS[(day / 5) % ELECTIONS.length] ?? ELECTIONS[0]
  const id = eventId(day, SPORT_ID.election, 1)
  const start = (day + ELECTION_LEAD_DAYS) * DAY_MS + 3 * HOUR
  const end = start + 10 * HOUR
  const runners = election.parties.map((p) => ({
    selectionId: selectionIdOf(`${election.name}:${p}`),
    name: p,
    metadata: null,
  }))
  const probabilities = normalise(runners.map(() => Math.exp(gaussian(rng))))
  return [
    {
      sportId: SPORT_ID.election,
      competition: {
        id: seriesId(SPORT_ID.election, election.series),
        sportId: SPORT_ID.election,
        name: election.series,
        countryCode: election.countryCode,
      },
      eventId: id,
      name: `${election.name} ${new Date(start).getUTCFullYear()}`,
      startTime: start,
      endTime: end,
      venue: null,
      countryCode: election.countryCode,
      markets: [
        {
          id: marketId(1, id),
          kind: 'MATCH_ODDS',
          name: 'Winner',
          sortPriority: 0,
          runners,
          initialProbabilities: probabilities,
          winnerIndex: pickWeighted(rng, probabilities),
          closeAt: end,
          session: null,
          betDelaySeconds: BET_DELAY_SECONDS,
          ...LIMITS.other,
          maxProfit: MAX_PROFIT,
        },
      ],
    },
  ]
}
