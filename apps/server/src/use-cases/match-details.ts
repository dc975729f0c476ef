import type { Runner as RunnerView } from '@backlay/contract/market'
import type { DetailRunner, Fancy, MarketDetail } from '@backlay/contract/match-details'
import { SPORT_ID } from '@backlay/contract/sport'
import type { Kysely } from 'kysely'
import { matchReadsRepository } from '../db/repositories/match-reads'
import type { Database, Market, MarketKind, MarketStatus, Runner } from '../db/schema'
import type { MarketBooks } from '../markets/market-books'
import { siteMarketType } from '../markets/market-state'
import { marketPrices, type RunnerPrices } from './market-prices'
import { runnerView } from './market-view'

export interface ReadDeps {
  db: Kysely<Database>
  books: MarketBooks
}

/** Kinds the event page lists as markets; session lines come through fancy/getFancies. */
const DETAIL_KINDS: readonly MarketKind[] = ['MATCH_ODDS', 'BOOKMAKER', 'WIN', 'ODDS']
const MTYPE = {
  MATCH_ODDS: 'MATCH_ODDS',
  BOOKMAKER: 'Special',
  WIN: 'WIN',
  SESSION: 'SESSION',
} as const

/** The user's figures for one market: open bet count and P/L (paise) per selection if it wins. */
export interface UserMarketPosition {
  betCount: number
  profitIfWins: ReadonlyMap<string, number>
}

/**
 * What a feed shows while a market is suspended in play: cricket calls it 'Ball Running'
 * (a ball is being bowled); elsewhere the status itself.
 */
const gameStatus = (sportId: string, status: MarketStatus, inplay: boolean) =>
  status === 'SUSPENDED' && inplay
    ? sportId === SPORT_ID.cricket
      ? 'Ball Running'
      : 'SUSPENDED'
    : ''

/** Σ 100 / best odds over runners with a price: the book percentage, 2 decimals. */
const bookPercentage = (oddsList: readonly (number | undefined)[]) => {
  const total = oddsList.reduce<number>((sum, o) => (o && o > 1 ? sum + 100 / o : sum), 0)
  return Math.round(total * 100) / 100
}

function detailRunner(row: Runner, prices: RunnerPrices | undefined, winLoss: number | null) {
  const base: RunnerView = runnerView(row)
  return {
    ...base,
    name: base.runnerName,
    win_loss: winLoss,
    ex: prices ?? { availableToBack: [], availableToLay: [], tradedVolume: 0 },
  } satisfies DetailRunner
}

type EventRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof matchReadsRepository>['findEvent']>>
>

function marketDetail(
  deps: ReadDeps,
  event: EventRow,
  market: Market,
  runners: readonly Runner[],
  hasFancy: boolean,
  position: UserMarketPosition | null,
  signedIn: boolean,
): MarketDetail {
  const live = marketPrices(deps.books, market, runners)
  const detailRunners = runners.map((r) => {
    const pl = position?.profitIfWins.get(r.selection_id) ?? 0
    return detailRunner(r, live.runners.get(r.selection_id), signedIn ? pl / 100 : null)
  })
  const marketType = siteMarketType(market.kind, event.sport_id)
  return {
    id: market.id,
    market_id: market.id,
    market_type: marketType,
    name: market.name,
    market_name: market.name,
    status: live.status,
    runners: detailRunners,
    betDelay: market.bet_delay_seconds,
    eventTypeId: event.sport_id,
    match_id: event.id,
    match_date: event.start_time.toISOString(),
    market_start_time: market.start_time.toISOString(),
    mtype: MTYPE[marketType],
    btype: 'ODDS',
    fancy_id: null,
    is_active: live.status === 'OPEN' ? 1 : 0,
    enable_fancy: hasFancy ? 1 : 0,
    is_lock: 0,
    bet_count: position?.betCount ?? 0,
    match_tv_url: null,
    has_tv_url: false,
    isBettable: live.status === 'OPEN',
    isHrBet: marketType === 'WIN',
    inplay: live.inplay,
    totalOddsBack: bookPercentage(detailRunners.map((r) => r.ex.availableToBack[0]?.oprice)),
    totalOddsLay: bookPercentage(detailRunners.map((r) => r.ex.availableToLay[0]?.oprice)),
    GameStatus: gameStatus(event.sport_id, live.status, live.inplay),
    session_live_odds_validation: null,
    venue: event.venue,
    country_code: event.country_code,
  }
}

/**
 * Every open market of a match, the requested one first (else the main one, by display
 * order). An unknown or finished match is an empty list: the client goes home. `user` fills
 * win_loss and bet_count (combine); guests get null and 0.
 */
export async function matchDetails(
  deps: ReadDeps,
  req: {
    matchId: string
    marketId?: string | undefined
    user?: { positions: ReadonlyMap<string, UserMarketPosition> } | undefined
  },
): Promise<MarketDetail[]> {
  const reads = matchReadsRepository(deps.db)
  const event = await reads.findEvent(req.matchId)
  if (!event || event.status === 'CLOSED') return []
  const markets = await reads.listOpenMarkets(event.id, DETAIL_KINDS)
  if (markets.length === 0) return []
  const sessions = await reads.listOpenMarkets(event.id, ['SESSION'])
  const runners = await reads.listRunners(markets.map((m) => m.id))
  const byMarket = groupBy(runners, (r) => r.market_id)
  const ordered = [
    ...markets.filter((m) => m.id === req.marketId),
    ...markets.filter((m) => m.id !== req.marketId),
  ]
  return ordered.map((m) =>
    marketDetail(
      deps,
      event,
      m,
      byMarket.get(m.id) ?? [],
      sessions.length > 0,
      req.user?.positions.get(m.id) ?? null,
      req.user !== undefined,
    ),
  )
}

/** One market by id in the match-details shape (racing odds, the stream's first look). */
export async function marketDetailById(
  deps: ReadDeps,
  req: {
    matchId: string
    marketId: string
    user?: { positions: ReadonlyMap<string, UserMarketPosition> } | undefined
  },
): Promise<MarketDetail | null> {
  const all = await matchDetails(deps, req)
  return all[0]?.market_id === req.marketId ? all[0] : null
}

/** A session market and its single runner as the fancy line of betting §3. */
export function fancyLine(
  market: Pick<
    Market,
    'id' | 'event_id' | 'name' | 'status' | 'inplay' | 'bet_delay_seconds' | 'sort_priority'
  >,
  runner: Pick<Runner, 'status' | 'back' | 'lay'> | undefined,
  sportId: string,
): Fancy {
  const yes = runner?.back[0]
  const no = runner?.lay[0]
  const status: MarketStatus =
    market.status === 'OPEN' && runner?.status !== 'ACTIVE' ? 'SUSPENDED' : market.status
  return {
    fancy_id: market.id,
    fancy_name: market.name,
    match_id: market.event_id,
    BackPrice1: yes?.price ?? 0,
    LayPrice1: no?.price ?? 0,
    BackSize1: yes?.size ?? 0,
    LaySize1: no?.size ?? 0,
    category: 0,
    status,
    is_active: status === 'OPEN' ? 1 : 0,
    GameStatus: gameStatus(sportId, status, market.inplay),
    betDelay: market.bet_delay_seconds,
    event_type: null,
    sort_priority: market.sort_priority,
  }
}

/** Open session lines of a match in display order; none (or an unknown match) is an empty list. */
export async function matchFancies(db: Kysely<Database>, matchId: string): Promise<Fancy[]> {
  const reads = matchReadsRepository(db)
  const event = await reads.findEvent(matchId)
  if (!event || event.status === 'CLOSED') return []
  const sessions = await reads.listOpenMarkets(event.id, ['SESSION'])
  const runners = groupBy(await reads.listRunners(sessions.map((s) => s.id)), (r) => r.market_id)
  return sessions.map((s) => fancyLine(s, runners.get(s.id)?.[0], event.sport_id))
}

export function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>()
  for (const row of rows) {
    const k = key(row)
    const list = out.get(k)
    if (list) list.push(row)
    else out.set(k, [row])
  }
  return out
}
