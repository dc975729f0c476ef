import { oddsToDecimal, paiseToRupees } from '@backlay/contract/money'
import {
  LADDER_SPAN,
  type Ladder,
  PRICE_HISTORY_BUCKET_SECONDS,
  type RunnerHistory,
} from '@backlay/contract/price-history'
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

/** A runner's one-click ladder (contract price-history.ts) from the live book. */
export async function readLadder(
  db: Kysely<Database>,
  engine: Pick<ExchangeEngine, 'ladder'>,
  marketId: string,
  selectionId: string,
): Promise<Result<Ladder>> {
  const rows = await engine.ladder(marketId, selectionId, LADDER_SPAN)
  if (!rows) return fail('MARKET.NOT_FOUND', 'No such runner in a market matched between players.')
  const last = await db
    .selectFrom('bet_fills')
    .select(sql<number>`coalesce(matched_odds, odds)`.as('odds'))
    .where('market_id', '=', marketId)
    .where('selection_id', '=', selectionId)
    .where('voided', '=', false)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  return success({
    marketId,
    selectionId,
    lastTradedPrice: last ? oddsToDecimal(last.odds) : null,
    rows: rows.map((r) => ({
      price: oddsToDecimal(r.price),
      back: paiseToRupees(r.availableToBack),
      lay: paiseToRupees(r.availableToLay),
      traded: paiseToRupees(r.traded),
    })),
  })
}
