import type { MarketDefinition, RunnerDefinition } from '@backlay/contract/betfair-stream'
import { RACING_SPORT_IDS, SPORT_ID } from '@backlay/contract/sport'
import { type LastTradedQuote, quoteAroundLastTraded } from '@backlay/exchange/feed-quotes'
import type { EventInput, MarketInput, RunnerInput } from '../../db/repositories/catalog'
import type {
  EventStatus,
  MarketKind,
  MarketStatus,
  PriceLevel,
  RunnerStatus,
} from '../../db/schema'
import { emptyUpdate, type FeedUpdate } from '../feed-adapter'
import { BET_DELAY_SECONDS, LIMITS, MAX_PROFIT } from '../market-limits'
import { hash32 } from '../prng'
import { FEED_SPORTS } from '../sports'
import type { CachedMarket, CachedRunner } from './market-cache'
import type { MarketNames } from './market-names'

/** Betfair event types we carry; their ids are our sport ids. */
const SPORT_OF_EVENT_TYPE = new Map(FEED_SPORTS.map((s) => [s.id, s]))
const RACING = new Set(RACING_SPORT_IDS)
/** Price levels a side we keep, as the event page shows them. */
const DEPTH = 3

/** Why a market of the feed is not in our catalogue, or null when it is. */
export function unsupportedReason(definition: MarketDefinition): string | null {
  if (!SPORT_OF_EVENT_TYPE.has(definition.eventTypeId))
    return `event type ${definition.eventTypeId}`
  if (kindOf(definition) === null) return `market type ${definition.marketType}`
  return null
}

/**
 * An event's main market (a sport's match odds, a race's win) or another of its markets matched
 * on a book (ODDS): a race's place market, over/under, correct score. Null for what we cannot
 * settle: Asian handicap lines (a runner is a selection and a handicap, some bets win or lose by
 * halves), each-way markets, and a sport's market with several winners.
 */
function kindOf(definition: MarketDefinition): MarketKind | null {
  const racing = RACING.has(definition.eventTypeId)
  if (definition.marketType === 'MATCH_ODDS' && !racing) return 'MATCH_ODDS'
  if (definition.marketType === 'WIN' && racing) return 'WIN'
  const odds = (definition.bettingType ?? 'ODDS') === 'ODDS'
  const handicapped = definition.runners.some((r) => (r.hc ?? 0) !== 0)
  if (!odds || handicapped || definition.marketType === 'EACH_WAY') return null
  if (!racing && winnersOf(definition) > 1) return null
  return 'ODDS'
}

const winnersOf = (definition: MarketDefinition) => Math.max(1, definition.numberOfWinners ?? 1)

/**
 * A race's markets (win, place, …) belong to one event: Betfair's event is the meeting, so a race
 * is the meeting's markets off at one time.
 */
export function raceIdOf(definition: MarketDefinition | null | undefined): string | null {
  if (!definition || !RACING.has(definition.eventTypeId)) return null
  return `${definition.eventId}.${Math.floor(Date.parse(definition.marketTime) / 1000)}`
}

/** A race's name from its win market ("1m Hcap"), which the others ("To Be Placed") lack. */
export function raceNameOf(definition: MarketDefinition): [raceId: string, name: string] | null {
  const race = raceIdOf(definition)
  return race && definition.marketType === 'WIN' && definition.name ? [race, definition.name] : null
}

/**
 * The result the definition declares, once the market is CLOSED: its winner, the others of a
 * dead heat (several WINNER runners), or no winner (Betfair voided the market). Null while it is
 * not closed.
 */
export function resultOf(
  definition: MarketDefinition,
): { winnerSelectionId: string | null; deadHeatWith: string[] } | null {
  if (definition.status !== 'CLOSED') return null
  const [winner, ...deadHeatWith] = definition.runners
    .filter((r) => r.status === 'WINNER')
    .map((r) => String(r.id))
  return { winnerSelectionId: winner ?? null, deadHeatWith }
}

function marketStatusOf(definition: MarketDefinition): MarketStatus {
  if (definition.status === 'OPEN') return 'OPEN'
  if (definition.status === 'CLOSED') return 'CLOSED'
  return 'SUSPENDED'
}

function runnerStatusOf(runner: RunnerDefinition, closed: boolean): RunnerStatus {
  switch (runner.status) {
    case 'REMOVED':
    case 'REMOVED_VACANT':
      return 'REMOVED'
    case 'HIDDEN':
      return 'SUSPENDED'
    case 'WINNER':
      return closed ? 'WINNER' : 'ACTIVE'
    case 'LOSER':
    case 'PLACED':
      return closed ? 'LOSER' : 'ACTIVE'
    default:
      return 'ACTIVE'
  }
}

const paise = (amount: number) => Math.round(amount * 100)
const odds = (price: number) => Math.round(price * 100)

/**
 * The best DEPTH levels a side: from the full ladder when subscribed (EX_ALL_OFFERS), else from
 * the best offers as displayed (virtual prices included), else the plain best offers.
 */
function bestLevels(runner: CachedRunner | undefined, side: 'back' | 'lay'): PriceLevel[] {
  if (!runner) return []
  const [full, display, best] =
    side === 'back'
      ? [runner.atb, runner.bdatb, runner.batb]
      : [runner.atl, runner.bdatl, runner.batl]
  const levels =
    full.size > 0
      ? [...full.values()].sort((a, b) => (side === 'back' ? b.price - a.price : a.price - b.price))
      : [...(display.size > 0 ? display : best).entries()]
          .sort(([a], [b]) => a - b)
          .map(([, level]) => level)
  return levels.slice(0, DEPTH).map((l) => ({ price: odds(l.price), size: paise(l.size) }))
}

const tradedOf = (runner: CachedRunner | undefined) => {
  if (!runner) return 0
  if (runner.tv > 0) return paise(runner.tv)
  let total = 0
  for (const level of runner.trd.values()) total += level.size
  return paise(total)
}

/** Ids of our own that stay stable across restarts and replays: the same names give the same id. */
const stableId = (text: string) => String(hash32(text) % 100_000_000)

/** How a sport's runners with a last traded price and no ladder are quoted (sizes in paise). */
export type LastTradedQuotes = (sportId: string) => LastTradedQuote

/**
 * A runner's levels: the feed's, or with none on either side but a last traded price (Betfair's
 * BASIC files), a quote around that price when `quotes` says how.
 */
function levelsOf(
  prices: CachedRunner | undefined,
  sportId: string,
  quotes: LastTradedQuotes | undefined,
): { back: PriceLevel[]; lay: PriceLevel[] } {
  const back = bestLevels(prices, 'back')
  const lay = bestLevels(prices, 'lay')
  if (back.length > 0 || lay.length > 0 || !prices?.ltp || !quotes) return { back, lay }
  return quoteAroundLastTraded(odds(prices.ltp), quotes(sportId))
}

/** What a feed knows beside the markets: names it looked up, races' names, BASIC quotes. */
export interface CatalogueContext {
  names?: ReadonlyMap<string, MarketNames>
  /** Race id → its win market's name (raceNameOf). */
  raceNames?: ReadonlyMap<string, string>
  quotes?: LastTradedQuotes
}

/**
 * Our catalogue rows for feed markets: Betfair market and selection ids are kept. A race is an
 * event of its own (its win, place and other markets), under its meeting (Betfair's event) as
 * the competition; other sports keep Betfair's event, under a competition per sport and
 * country. `shiftMs` moves every time (a replay that starts now).
 */
export function catalogueOf(
  markets: readonly CachedMarket[],
  at: number,
  shiftMs: number,
  { names = new Map(), raceNames = new Map(), quotes }: CatalogueContext = {},
): FeedUpdate {
  const update = emptyUpdate(at)
  const sports = new Set<string>()
  const competitions = new Set<string>()
  const events = new Map<string, EventInput>()
  for (const market of markets) {
    const definition = market.definition
    if (!definition || unsupportedReason(definition) !== null) continue
    const named = names.get(market.id)
    const sport = SPORT_OF_EVENT_TYPE.get(definition.eventTypeId)
    const kind = kindOf(definition)
    if (!sport || !kind) continue
    if (!sports.has(sport.id)) {
      sports.add(sport.id)
      update.sports.push(sport)
    }
    const racing = RACING.has(sport.id)
    const startTime = Date.parse(definition.marketTime) + shiftMs
    const marketName = definition.name ?? named?.marketName ?? (racing ? 'Win' : 'Match Odds')
    const eventName = definition.eventName ?? named?.eventName
    const countryCode = definition.countryCode ?? null
    const venue = definition.venue ?? null
    const competition = racing
      ? {
          id: definition.eventId,
          sportId: sport.id,
          name: venue ?? eventName ?? `Meeting ${definition.eventId}`,
          countryCode,
        }
      : {
          id: stableId(`betfair:${sport.id}:${countryCode ?? ''}`),
          sportId: sport.id,
          name: countryCode ? `${sport.name} ${countryCode}` : sport.name,
          countryCode,
        }
    if (!competitions.has(competition.id)) {
      competitions.add(competition.id)
      update.competitions.push(competition)
    }
    const status = marketStatusOf(definition)
    // The event ends with its main market; its other markets may close before (correct score).
    const main = kind !== 'ODDS'
    const eventStatus: EventStatus =
      status === 'CLOSED' && main ? 'CLOSED' : definition.inPlay ? 'IN_PLAY' : 'UPCOMING'
    const eventId = raceIdOf(definition) ?? definition.eventId
    const raceName = raceNames.get(eventId) ?? (kind === 'WIN' ? marketName : null)
    // One row an event: its main market's, else the first of its others in the batch.
    if (main || !events.has(eventId))
      events.set(eventId, {
        id: eventId,
        sportId: sport.id,
        competitionId: competition.id,
        name: racing
          ? `${venue ?? competition.name} ${raceName ?? new Date(startTime).toISOString().slice(11, 16)}`
          : (eventName ?? `Event ${definition.eventId}`),
        startTime,
        status: eventStatus,
        venue,
        countryCode,
      })
    const limits = sport.id === SPORT_ID.cricket ? LIMITS.cricketOdds : LIMITS.other
    const result = resultOf(definition)
    const row: MarketInput = {
      id: market.id,
      eventId,
      kind,
      name: marketName,
      status,
      inplay: definition.inPlay && status !== 'CLOSED',
      startTime,
      betDelaySeconds: Math.max(definition.betDelay, BET_DELAY_SECONDS),
      ...limits,
      maxProfit: MAX_PROFIT,
      // The main market first, then Betfair's order of the rest.
      sortPriority: kind === 'ODDS' ? 1 : 0,
      marketType: definition.marketType,
      winners: winnersOf(definition),
      winnerSelectionId: result?.winnerSelectionId ?? null,
      resultValue: null,
      deadHeatWith: result?.deadHeatWith ?? [],
    }
    update.markets.push(row)
    const closed = status === 'CLOSED'
    definition.runners.forEach((runnerDefinition, i) => {
      const prices = market.runners.get(runnerDefinition.id)
      const quoted = !closed && runnerDefinition.status === 'ACTIVE'
      const levels = quoted ? levelsOf(prices, sport.id, quotes) : { back: [], lay: [] }
      const runner: RunnerInput = {
        marketId: market.id,
        selectionId: String(runnerDefinition.id),
        name:
          runnerDefinition.name ??
          named?.runners.get(runnerDefinition.id) ??
          `Selection ${runnerDefinition.id}`,
        sortPriority: runnerDefinition.sortPriority ?? i + 1,
        status: runnerStatusOf(runnerDefinition, closed),
        back: levels.back,
        lay: levels.lay,
        tradedVolume: tradedOf(prices),
        metadata: null,
        lastTradedPrice: prices?.ltp ? odds(prices.ltp) : null,
      }
      if (runner.status === 'REMOVED')
        runner.removal = {
          factorBp: Math.round((runnerDefinition.adjustmentFactor ?? 0) * 100),
          at: runnerDefinition.removalDate
            ? Date.parse(runnerDefinition.removalDate) + shiftMs
            : at,
        }
      update.runners.push(runner)
    })
  }
  update.events.push(...events.values())
  return update
}
