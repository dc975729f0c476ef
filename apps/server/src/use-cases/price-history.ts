import type { MarketDepth } from '@backlay/contract/ladder'
import { oddsToDecimal, paiseToRupees } from '@backlay/contract/money'
import { PRICE_HISTORY_BUCKET_SECONDS, type RunnerHistory } from '@backlay/contract/price-history'
import type { Odds, Paise, SelectionId } from '@backlay/exchange/ids'
import { priceHistory } from '@backlay/exchange/price-history'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/schema'
import type { ExchangeEngine } from '../markets/exchange-engine'
import { isExchangeKind } from '../markets/market-state'
import { fail, type Result, success } from '../result'

/**
 * What was matched on each runner of an exchange market (contract price-history.ts), from its
 * fills as they matched: a non-runner's void fills are left out and a cut price shows as matched.
 */
export async function readPriceHistory(
  db: Kysely<Database>,
  marketId: string,
): Promise<Result<{ marketId: string; runners: RunnerHistory[] }>> {
  const market = await db
    .selectFrom('markets')
    .select('kind')
    .where('id', '=', marketId)
    .executeTakeFirst()
  if (!market) return fail('MARKET.NOT_FOUND', 'No such market.')
  if (!isExchangeKind(market.kind))
    return fail('MARKET.INVALID', 'Price history is kept for exchange markets only.')
  const [runners, fills] = await Promise.all([
    db
      .selectFrom('runners')
      .select(['selection_id', 'traded_volume', 'last_traded_price'])
      .where('market_id', '=', marketId)
      .orderBy('sort_priority')
      .execute(),
    db
      .selectFrom('bet_fills')
      .select(['selection_id', 'stake', 'at', sql<number>`coalesce(matched_odds, odds)`.as('odds')])
      .where('market_id', '=', marketId)
      .where('voided', '=', false)
      .orderBy('id')
      .execute(),
  ])
  const history = priceHistory(
    runners.map((r) => r.selection_id as SelectionId),
    fills.map((f) => ({
      selectionId: f.selection_id as SelectionId,
      odds: f.odds as Odds,
      stake: f.stake as Paise,
      at: f.at.getTime(),
    })),
    PRICE_HISTORY_BUCKET_SECONDS * 1000,
  )
  return success({
    marketId,
    runners: history.map((h, i) => {
      const feed = runners[i]
      return {
        selectionId: h.selectionId,
        lastTradedPrice: h.lastTradedPrice === null ? null : oddsToDecimal(h.lastTradedPrice),
        tradedVolume: paiseToRupees(h.volume),
        points: h.points.map((p) => ({
          time: p.time / 1000,
          price: oddsToDecimal(p.odds),
          volume: paiseToRupees(p.volume),
        })),
        traded: h.byPrice.map((p) => ({
          price: oddsToDecimal(p.odds),
          volume: paiseToRupees(p.volume),
        })),
        feed:
          feed && (feed.last_traded_price !== null || feed.traded_volume > 0)
            ? {
                lastTradedPrice:
                  feed.last_traded_price === null ? null : oddsToDecimal(feed.last_traded_price),
                tradedVolume: paiseToRupees(feed.traded_volume),
              }
            : null,
      }
    }),
  })
}

/** Each runner's last traded price (ladder odds), from its newest fill that stands. */
/** Each runner's last matched price here (odds×100), from its latest standing fill. */
export async function lastTradedPrices(db: Kysely<Database>, marketId: string) {
  const rows = await db
    .selectFrom('bet_fills')
    .select(['selection_id', sql<number>`coalesce(matched_odds, odds)`.as('odds')])
    .where(
      'id',
      'in',
      db
        .selectFrom('bet_fills')
        .select((eb) => eb.fn.max('id').as('id'))
        .where('market_id', '=', marketId)
        .where('voided', '=', false)
        .groupBy('selection_id'),
    )
    .execute()
  return new Map(rows.map((r) => [r.selection_id, r.odds]))
}

const levelsOut = (levels: readonly { price: number; size: number }[]) =>
  levels.map((l) => ({ price: oddsToDecimal(l.price), size: paiseToRupees(l.size) }))

/**
 * Every runner's whole book for the one-click ladder (contract price-history.ts), the same as the
 * stream's ladder image: the live book's levels and each runner's last traded price.
 */
export async function readLadder(
  db: Kysely<Database>,
  engine: Pick<ExchangeEngine, 'depth'>,
  marketId: string,
): Promise<Result<MarketDepth>> {
  const depth = await engine.depth(marketId)
  if (!depth) return fail('MARKET.NOT_FOUND', 'No such market matched between players.')
  const last = await lastTradedPrices(db, marketId)
  return success({
    marketId,
    runners: depth.map((r) => {
      const ltp = last.get(r.selectionId)
      return {
        selectionId: r.selectionId,
        back: levelsOut(r.availableToBack),
        lay: levelsOut(r.availableToLay),
        traded: levelsOut(r.traded),
        lastTradedPrice: ltp ? oddsToDecimal(ltp) : null,
      }
    }),
  })
}
