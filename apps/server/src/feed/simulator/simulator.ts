import { SPORT_ID } from '@backlay/contract/sport'
import type { EventStatus, MarketStatus, PriceLevel, RunnerStatus } from '../../db/schema'
import { emptyUpdate, type FeedAdapter, type FeedUpdate } from '../feed-adapter'
import { gaussian, intBetween, type Prng } from '../prng'
import { bookmakerQuote, exchangeQuote, sessionQuote, softmax } from './pricing'
import {
  DAY_MS,
  dayIndexOf,
  ELECTION_CODE,
  ELECTION_LEAD_DAYS,
  electionsAnnouncedOn,
  type Fixture,
  type FixtureMarket,
  fixturesOfDay,
} from './schedule'

export const SIMULATED_SPORTS = [
  { id: SPORT_ID.cricket, name: 'Cricket', sortOrder: 1 },
  { id: SPORT_ID.football, name: 'Football', sortOrder: 2 },
  { id: SPORT_ID.tennis, name: 'Tennis', sortOrder: 3 },
  { id: SPORT_ID.horseRacing, name: 'Horse Racing', sortOrder: 4 },
  { id: SPORT_ID.greyhoundRacing, name: 'Greyhound Racing', sortOrder: 5 },
  { id: SPORT_ID.election, name: 'Election', sortOrder: 6 },
]

/** Knobs of the walk; per-minute rates so the tick interval does not change the behaviour. */
const WALK = {
  /** Chance per tick that a market's price moves at all (keeps most ticks cheap and quiet). */
  moveChance: { prematch: 0.04, inplay: 0.35 },
  /** Noise in logit units per √minute. */
  volatility: { prematch: 0.05, inplay: 0.3 },
  /** Pull (per minute) towards the hidden result, which grows as the match runs. */
  meanReversion: 0.08,
  /** Chance per tick that an in-play market suspends for a few seconds (a wicket, a goal). */
  suspendChance: 0.004,
  suspendMs: [3_000, 12_000] as const,
}

interface MarketState {
  fixture: Fixture
  market: FixtureMarket
  initialLogits: number[]
  logits: number[]
  sessionRuns: number
  suspendedUntil: number
  lastMove: number
  tradedVolume: number[]
  back: PriceLevel[][]
  lay: PriceLevel[][]
  published: { status: MarketStatus; inplay: boolean; quotes: string } | null
}

const depthRupees = (sportId: string, inplay: boolean) =>
  (sportId === SPORT_ID.cricket || sportId === SPORT_ID.football ? 50_000 : 10_000) *
  (inplay ? 0.5 : 1)

/**
 * The default feed: a deterministic simulated day around the clock. Fixtures, ids and results
 * come from the seed and the date alone (schedule.ts); prices take a seeded random walk that
 * drifts towards the decided result once the match is in play. Nothing here reads the real time.
 */
export class SimulatorAdapter implements FeedAdapter {
  readonly name = 'simulator'
  private readonly markets = new Map<string, MarketState>()
  private readonly eventStatus = new Map<string, EventStatus>()
  private readonly loadedDays = new Set<string>()

  constructor(
    private readonly seed: string,
    private readonly rng: Prng,
  ) {}

  async snapshot(now: number, openEventIds: readonly string[] = []): Promise<FeedUpdate> {
    for (const state of this.markets.values()) state.published = null
    this.eventStatus.clear()
    for (const id of openEventIds) this.loadEvent(id, now)
    return this.collect(now, true)
  }

  async poll(now: number): Promise<FeedUpdate> {
    return this.collect(now, false)
  }

  /** Fixtures live in the window from yesterday to tomorrow (elections: from their announcement). */
  private loadWindow(now: number) {
    const today = dayIndexOf(now)
    const wanted: [string, () => Fixture[]][] = []
    for (let day = today - 1; day <= today + 1; day++)
      wanted.push([`d${day}`, () => fixturesOfDay(this.seed, day)])
    for (let day = today - ELECTION_LEAD_DAYS - 1; day <= today + 1; day++) {
      wanted.push([`e${day}`, () => electionsAnnouncedOn(this.seed, day)])
    }
    const keep = new Set(wanted.map(([key]) => key))
    for (const [key, generate] of wanted) {
      if (this.loadedDays.has(key)) continue
      this.loadedDays.add(key)
      for (const fixture of generate()) this.addFixture(fixture, now)
    }
    // Days that left the window: their fixtures are closed by now and need no more ticks.
    for (const key of [...this.loadedDays]) if (!keep.has(key)) this.loadedDays.delete(key)
    for (const [id, state] of this.markets) {
      if (state.published?.status === 'CLOSED' && state.fixture.endTime < now - 2 * DAY_MS) {
        this.markets.delete(id)
        this.eventStatus.delete(state.fixture.eventId)
      }
    }
  }

  /**
   * Brings back one fixture by id, whatever its day: after a long stop the store may still hold
   * events the window has left behind, and they must close (with their results) like the rest.
   * Ids read `<day><sport code><seq>` (schedule.ts); anything else is not ours and is ignored.
   */
  private loadEvent(eventId: string, now: number) {
    const parsed = /^(\d+)(\d{2})\d{3}$/.exec(eventId)
    if (!parsed || this.hasEvent(eventId)) return
    const day = Number(parsed[1])
    const fixtures =
      parsed[2] === ELECTION_CODE
        ? electionsAnnouncedOn(this.seed, day)
        : fixturesOfDay(this.seed, day)
    const fixture = fixtures.find((f) => f.eventId === eventId)
    if (fixture) this.addFixture(fixture, now)
  }

  private hasEvent(eventId: string) {
    for (const state of this.markets.values()) if (state.fixture.eventId === eventId) return true
    return false
  }

  private addFixture(fixture: Fixture, now: number) {
    for (const market of fixture.markets) {
      const initialLogits = market.initialProbabilities.map((p) => Math.log(p))
      this.markets.set(market.id, {
        fixture,
        market,
        initialLogits,
        logits: [...initialLogits],
        sessionRuns: market.session?.openingRuns ?? 0,
        suspendedUntil: 0,
        lastMove: Math.min(now, fixture.startTime),
        tradedVolume: market.runners.map(() => 0),
        back: [],
        lay: [],
        published: null,
      })
    }
  }

  private collect(now: number, full: boolean): FeedUpdate {
    this.loadWindow(now)
    const update = emptyUpdate(now)
    if (full) update.sports.push(...SIMULATED_SPORTS)
    const openMarketsByEvent = new Map<string, number>()
    const seenCompetitions = new Set<string>()

    for (const state of this.markets.values()) {
      const { fixture, market } = state
      const closed = now >= market.closeAt
      if (!closed)
        openMarketsByEvent.set(fixture.eventId, (openMarketsByEvent.get(fixture.eventId) ?? 0) + 1)
      const wasPublished = state.published !== null
      if (!wasPublished && !seenCompetitions.has(fixture.competition.id)) {
        seenCompetitions.add(fixture.competition.id)
        update.competitions.push(fixture.competition)
      }
      if (state.published?.status === 'CLOSED') continue

      const inplay = now >= fixture.startTime && !closed
      if (!closed) this.step(state, now, inplay)
      const status: MarketStatus = closed
        ? 'CLOSED'
        : state.suspendedUntil > now
          ? 'SUSPENDED'
          : 'OPEN'
      const quotes = closed ? '' : JSON.stringify([state.back, state.lay])
      const p = state.published
      const changedQuotes = p === null || p.quotes !== quotes
      if (p !== null && p.status === status && p.inplay === inplay && !changedQuotes) continue
      state.published = { status, inplay, quotes }

      update.markets.push({
        id: market.id,
        eventId: fixture.eventId,
        kind: market.kind,
        name: market.name,
        status,
        inplay,
        startTime: fixture.startTime,
        betDelaySeconds: market.betDelaySeconds,
        minStake: market.minStake,
        maxStake: market.maxStake,
        maxProfit: market.maxProfit,
        sortPriority: market.sortPriority,
        winnerSelectionId:
          closed && market.kind !== 'SESSION'
            ? (market.runners[market.winnerIndex]?.selectionId ?? null)
            : null,
        resultValue: closed && market.session ? market.session.resultRuns : null,
      })
      if (changedQuotes || closed) {
        market.runners.forEach((runner, i) => {
          update.runners.push({
            marketId: market.id,
            selectionId: runner.selectionId,
            name: runner.name,
            sortPriority: i + 1,
            status: runnerStatus(market, i, closed),
            back: closed ? [] : (state.back[i] ?? []),
            lay: closed ? [] : (state.lay[i] ?? []),
            tradedVolume: state.tradedVolume[i] ?? 0,
            metadata: runner.metadata,
          })
        })
      }
    }

    const fixtures = new Map<string, Fixture>()
    for (const state of this.markets.values()) fixtures.set(state.fixture.eventId, state.fixture)
    for (const fixture of fixtures.values()) {
      const status: EventStatus = !openMarketsByEvent.has(fixture.eventId)
        ? 'CLOSED'
        : now >= fixture.startTime
          ? 'IN_PLAY'
          : 'UPCOMING'
      if (this.eventStatus.get(fixture.eventId) === status) continue
      this.eventStatus.set(fixture.eventId, status)
      update.events.push({
        id: fixture.eventId,
        sportId: fixture.sportId,
        competitionId: fixture.competition.id,
        name: fixture.name,
        startTime: fixture.startTime,
        status,
        venue: fixture.venue,
        countryCode: fixture.countryCode,
      })
    }
    return update
  }

  /** Moves one market's fair price (sometimes), maybe suspends it, and requotes when it moved. */
  private step(state: MarketState, now: number, inplay: boolean) {
    const phase = inplay ? 'inplay' : 'prematch'
    const firstQuote = state.back.length === 0
    if (inplay && state.suspendedUntil <= now && this.rng.next() < WALK.suspendChance) {
      state.suspendedUntil = now + intBetween(this.rng, ...WALK.suspendMs)
    }
    if (!firstQuote && this.rng.next() >= WALK.moveChance[phase]) return

    const minutes = Math.max(0, (now - state.lastMove) / 60_000)
    state.lastMove = now
    const { fixture, market } = state
    const progress = inplay
      ? Math.min(1, (now - fixture.startTime) / (market.closeAt - fixture.startTime))
      : 0

    if (market.session) {
      const { openingRuns, resultRuns } = market.session
      const expected = openingRuns + (resultRuns - openingRuns) * progress ** 1.5
      state.sessionRuns = Math.max(
        0,
        Math.round(expected + (inplay ? gaussian(this.rng) * 1.5 : 0)),
      )
      state.back = [sessionQuote(state.sessionRuns).back]
      state.lay = [sessionQuote(state.sessionRuns).lay]
      return
    }

    const pull = Math.min(1, WALK.meanReversion * minutes)
    const noise = WALK.volatility[phase] * Math.sqrt(Math.min(minutes, 60))
    state.logits = state.logits.map((logit, i) => {
      const target =
        (state.initialLogits[i] ?? 0) + (i === market.winnerIndex ? 7 * progress ** 3 : 0)
      return logit + (target - logit) * pull + gaussian(this.rng) * noise
    })
    const probabilities = softmax(state.logits)
    const depth = depthRupees(fixture.sportId, inplay)
    const quotes = probabilities.map((p) =>
      market.kind === 'BOOKMAKER' ? bookmakerQuote(p) : exchangeQuote(p, this.rng, depth),
    )
    state.back = quotes.map((q) => q.back)
    state.lay = quotes.map((q) => q.lay)
    if (market.kind !== 'BOOKMAKER') {
      state.tradedVolume = state.tradedVolume.map(
        (v, i) => v + Math.round((probabilities[i] ?? 0) * intBetween(this.rng, 0, depth) * 100),
      )
    }
  }
}

function runnerStatus(market: FixtureMarket, index: number, closed: boolean): RunnerStatus {
  if (!closed) return 'ACTIVE'
  // A settled fancy has a result in runs, not a winning runner.
  if (market.session) return 'SUSPENDED'
  return index === market.winnerIndex ? 'WINNER' : 'LOSER'
}
