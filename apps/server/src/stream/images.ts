import type { DepthMessage, FancyMessage, ImageMessage } from '@backlay/contract/stream'
import type { Kysely } from 'kysely'
import { matchReadsRepository } from '../db/repositories/match-reads'
import type { Database } from '../db/schema'
import type { ExchangeEngine } from '../markets/exchange-engine'
import { marketPrices } from '../use-cases/market-prices'
import { matchFancies, type ReadDeps } from '../use-cases/match-details'
import { readLadder } from '../use-cases/price-history'

export type MarketImage = Omit<ImageMessage, 'seq'>
export type FancyImage = Omit<FancyMessage, 'seq'>
export type LadderImage = Omit<DepthMessage, 'seq'>

/**
 * Full state of an exchange or bookmaker market as the stream's first message, or null when
 * no such market exists. Session lines are not markets on the stream: they come by match.
 */
export async function marketImage(deps: ReadDeps, marketId: string): Promise<MarketImage | null> {
  const reads = matchReadsRepository(deps.db)
  const market = await reads.findMarket(marketId)
  if (!market || market.kind === 'SESSION') return null
  const runners = await reads.listRunners([market.id])
  const live = marketPrices(deps.books, market, runners)
  return {
    type: 'image',
    market_id: market.id,
    status: live.status,
    inplay: live.inplay,
    betDelay: market.bet_delay_seconds,
    runners: runners.map((r) => ({
      selectionId: r.selection_id,
      status: r.status,
      ...(live.runners.get(r.selection_id) ?? {
        availableToBack: [],
        availableToLay: [],
        tradedVolume: 0,
      }),
    })),
  }
}

/** Every open session line of a match, or null when the match is unknown. */
export async function fancyImage(deps: ReadDeps, matchId: string): Promise<FancyImage | null> {
  const event = await matchReadsRepository(deps.db).findEvent(matchId)
  if (!event) return null
  return {
    type: 'fancy',
    match_id: event.id,
    image: true,
    fancies: await matchFancies(deps.db, event.id),
    removed: [],
  }
}

/** Every runner's whole book of an exchange market, the ladder channel's first message. */
export async function ladderImage(
  deps: { db: Kysely<Database>; exchange: Pick<ExchangeEngine, 'depth'> },
  marketId: string,
): Promise<LadderImage | null> {
  const ladder = await readLadder(deps.db, deps.exchange, marketId)
  if (!ladder.ok) return null
  return { type: 'depth', market_id: marketId, image: true, runners: ladder.value.runners }
}
