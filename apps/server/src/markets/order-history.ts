import type { OrderEvent, OrderHistory } from '@backlay/contract/bets'
import { oddsToDecimal, paiseToRupees } from '@backlay/contract/money'
import type { Kysely } from 'kysely'
import type { Database, MarketKind } from '../db/schema'
import type { BetOrderTable, OrderEventKind } from '../db/schema-exchange'
import { fail, type Result, success } from '../result'
import { findOwnBet } from './bet-queries'
import { isExchangeKind } from './market-state'

type Order = Pick<
  BetOrderTable,
  'odds' | 'stake' | 'matched' | 'cancelled' | 'status' | 'result' | 'pl' | 'market_kind'
> & { placed_at: Date; settled_at: Date | null }

interface FillRow {
  at: Date
  odds: number
  matched_odds: number | null
  stake: number
  voided: boolean
}

const event = (
  at: Date,
  kind: OrderEvent['kind'],
  fields: Partial<OrderEvent> = {},
): OrderEvent => ({
  at: at.toISOString(),
  kind,
  stake: null,
  odds: null,
  reducedTo: null,
  voided: false,
  result: null,
  pl: null,
  ...fields,
})

/**
 * A bet's history from its stored rows, oldest first. An exchange bet's matched parts are its
 * fills; a bookmaker or session bet is struck whole as placed. Whatever of the cancelled stake no
 * off-book event explains came off when the market settled.
 */
export function orderEvents(
  order: Order,
  fills: readonly FillRow[],
  offBook: readonly { at: Date; kind: OrderEventKind; size: number }[],
): OrderEvent[] {
  const exchange = isExchangeKind(order.market_kind as MarketKind)
  const price = (odds: number) => (order.market_kind === 'SESSION' ? odds : oddsToDecimal(odds))
  const events = [
    event(order.placed_at, 'PLACED', {
      stake: paiseToRupees(order.stake),
      odds: price(order.odds),
    }),
  ]
  if (exchange)
    for (const f of fills)
      events.push(
        event(f.at, 'MATCHED', {
          stake: paiseToRupees(f.stake),
          odds: oddsToDecimal(f.matched_odds ?? f.odds),
          reducedTo: f.matched_odds === null ? null : oddsToDecimal(f.odds),
          voided: f.voided,
        }),
      )
  else if (order.matched > 0)
    events.push(
      event(order.placed_at, 'MATCHED', {
        stake: paiseToRupees(order.matched),
        odds: price(order.odds),
      }),
    )
  for (const e of offBook) events.push(event(e.at, e.kind, { stake: paiseToRupees(e.size) }))
  if (order.status === 'SETTLED' && order.settled_at) {
    const atClose = order.cancelled - offBook.reduce((s, e) => s + e.size, 0)
    if (atClose > 0)
      events.push(event(order.settled_at, 'CANCELLED', { stake: paiseToRupees(atClose) }))
    events.push(
      event(order.settled_at, 'SETTLED', {
        result: order.result,
        pl: order.pl === null ? null : paiseToRupees(order.pl),
      }),
    )
  }
  // Stable: at the same instant the order above (placed, matched, off the book, settled) holds.
  return events.sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
}

/** One of the user's bets with its history; BET.NOT_FOUND for another's or an unknown id. */
export async function readOrderHistory(
  db: Kysely<Database>,
  userId: string,
  betId: string,
): Promise<Result<OrderHistory>> {
  const order = await findOwnBet(db, userId, betId)
  if (!order) return fail('BET.NOT_FOUND', 'Bet not found')
  const [fills, offBook] = await Promise.all([
    db
      .selectFrom('bet_fills')
      .select(['at', 'odds', 'matched_odds', 'stake', 'voided'])
      .where('market_id', '=', order.market_id)
      .where((eb) => eb.or([eb('back_order_id', '=', betId), eb('lay_order_id', '=', betId)]))
      .orderBy('id')
      .execute(),
    db
      .selectFrom('bet_order_events')
      .select(['at', 'kind', 'size'])
      .where('order_id', '=', betId)
      .orderBy('id')
      .execute(),
  ])
  return success({
    bet_id: order.id,
    match_name: order.match_name,
    market_name: order.market_name,
    selection_name: order.selection_name ?? order.market_name,
    is_back: order.side === 'BACK' ? 1 : 0,
    events: orderEvents(order, fills, offBook),
  })
}
