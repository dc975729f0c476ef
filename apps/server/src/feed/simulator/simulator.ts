import { SPORT_ID } from '@backlay/contract/sport'
import type { EventStatus, MarketStatus, PriceLevel, RunnerStatus } from '../../db/schema'
import {
  emptyUpdate,
  type FeedAdapter,
  type FeedDescription,
  type FeedUpdate,
} from '../feed-adapter'
import { gaussian, intBetween, type Prng } from '../prng'
import { FEED_SPORTS } from '../sports'
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

/** Knobs of the walk; per-minute rates so the tick interval does not change the behaviour. */
const WALK = {
  /**
   * How often a market's fair price moves (a Poisson rate, so the tick interval does not change
   * it). Real pre-play markets drift slowly: one move in about 100 s leaves a 5 s bet delay
   * meeting a moved best price about once in twenty; in-play they jump every few seconds. A
   * rarer move is a larger one (the noise grows with the time since the last), so the walk drifts
   * as far in an hour either way.
   */
  movesPerMinute: { prematch: 0.6, inplay: 26 },
  /** Noise in logit units per √minute. */
  volatility: { prematch: 0.05, inplay: 0.3 },
  /** Pull (per minute) towards the hidden result, which grows as the match runs. */
  meanReversion: 0.08,
  /** Chance per tick that an in-play market suspends for a few seconds (a wicket, a goal). */
  suspendChance: 0.004,
  suspendMs: [3_000, 12_000] as const,
}

/**
 * The hidden fair price of one set of outcomes. The match-odds and bookmaker markets of a match
 * settle on the same result, so they share one walk: both house lines derive from the same fair
 * probabilities, each with its own margin, and can never be played against each other.
 */
interface FairWalk {
  initialLogits: number[]
  logits: number[]
  lastMove: number
  /** The tick it last took its turn at, so markets sharing it move it once a tick. */
  turnAt: number
  /** Bumped on every move; a market requotes when its quote is of an older version. */
  version: number
}

interface MarketState {
  fixture: Fixture
  market: FixtureMarket
  walk: FairWalk
  quotedVersion: number
  sessionRuns: number
  suspendedUntil: number
  tradedVolume: number[]
  back: PriceLevel[][]
  lay: PriceLevel[][]
  /** The quotes as text, which a publication compares: written once per requote, not per tick. */
  quotesText: string
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
  private lastAt: number | null = null
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

  describe(): FeedDescription {
    return { source: `seed ${this.seed}`, state: 'running', lastMessageAt: this.lastAt }
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
    const walks = new Map<string, FairWalk>()
    for (const market of fixture.markets) {
      const sharedKey =
        market.kind === 'MATCH_ODDS' || market.kind === 'BOOKMAKER' ? 'match' : market.id
      let walk = walks.get(sharedKey)
      if (!walk) {
        const initialLogits = market.initialProbabilities.map((p) => Math.log(p))
        walk = {
          initialLogits,
          logits: [...initialLogits],
          lastMove: Math.min(now, fixture.startTime),
          turnAt: Number.NaN,
          version: 0,
        }
        walks.set(sharedKey, walk)
      }
      this.markets.set(market.id, {
        fixture,
        market,
        walk,
        quotedVersion: 0,
        sessionRuns: market.session?.openingRuns ?? 0,
        suspendedUntil: 0,
        tradedVolume: market.runners.map(() => 0),
        back: [],
        lay: [],
        quotesText: '',
        published: null,
      })
    }
  }

  private collect(now: number, full: boolean): FeedUpdate {
    this.lastAt = now
    this.loadWindow(now)
    const update = emptyUpdate(now)
    if (full) update.sports.push(...FEED_SPORTS)
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
      const quotes = closed ? '' : state.quotesText
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
        deadHeatWith: [],
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
            lastTradedPrice: null,
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
    if (inplay && state.suspendedUntil <= now && this.rng.next() < WALK.suspendChance) {
      state.suspendedUntil = now + intBetween(this.rng, ...WALK.suspendMs)
    }
    const { fixture, market, walk } = state
    const progress = inplay
      ? Math.min(1, (now - fixture.startTime) / (market.closeAt - fixture.startTime))
      : 0
    this.turn(walk, market, now, inplay, progress)
    if (state.quotedVersion === walk.version) return
    state.quotedVersion = walk.version

    if (market.session) {
      const { openingRuns, resultRuns } = market.session
      const expected = openingRuns + (resultRuns - openingRuns) * progress ** 1.5
      state.sessionRuns = Math.max(
        0,
        Math.round(expected + (inplay ? gaussian(this.rng) * 1.5 : 0)),
      )
      const quote = sessionQuote(state.sessionRuns)
      setQuotes(state, [quote.back], [quote.lay])
      return
    }

    const probabilities = softmax(walk.logits)
    const depth = depthRupees(fixture.sportId, inplay)
    const quotes = probabilities.map((p) =>
      market.kind === 'BOOKMAKER' ? bookmakerQuote(p) : exchangeQuote(p, this.rng, depth),
    )
    setQuotes(
      state,
      quotes.map((q) => q.back),
      quotes.map((q) => q.lay),
    )
    if (market.kind !== 'BOOKMAKER') {
      state.tradedVolume = state.tradedVolume.map(
        (v, i) => v + Math.round((probabilities[i] ?? 0) * intBetween(this.rng, 0, depth) * 100),
      )
    }
  }

  /** The walk's move of this tick (sometimes none), taken once however many markets share it. */
  private turn(
    walk: FairWalk,
    market: FixtureMarket,
    now: number,
    inplay: boolean,
    progress: number,
  ) {
    if (walk.turnAt === now) return
    const sinceTurn = Number.isNaN(walk.turnAt) ? 0 : (now - walk.turnAt) / 60_000
    walk.turnAt = now
    const phase = inplay ? 'inplay' : 'prematch'
    const moveChance = 1 - Math.exp(-WALK.movesPerMinute[phase] * sinceTurn)
    if (walk.version > 0 && this.rng.next() >= moveChance) return
    walk.version += 1
    if (market.session) return

    const minutes = Math.max(0, (now - walk.lastMove) / 60_000)
    walk.lastMove = now
    const pull = Math.min(1, WALK.meanReversion * minutes)
    const noise = WALK.volatility[phase] * Math.sqrt(Math.min(minutes, 60))
    walk.logits = walk.logits.map((logit, i) => {
      const target =
        (walk.initialLogits[i] ?? 0) + (i === market.winnerIndex ? 7 * progress ** 3 : 0)
      return logit + (target - logit) * pull + gaussian(this.rng) * noise
    })
  }
}

function setQuotes(state: MarketState, back: PriceLevel[][], lay: PriceLevel[][]) {
  state.back = back
  state.lay = lay
  state.quotesText = JSON.stringify([back, lay])
}

function runnerStatus(market: FixtureMarket, index: number, closed: boolean): RunnerStatus {
  if (!closed) return 'ACTIVE'
  // A settled fancy has a result in runs, not a winning runner.
  if (market.session) return 'SUSPENDED'
  return index === market.winnerIndex ? 'WINNER' : 'LOSER'
}
