import { randomUUID } from 'node:crypto'
import type { OddsBet } from '@backlay/exchange/exposure'
import type { Paise } from '@backlay/exchange/ids'
import type { FancyBet } from '@backlay/exchange/session'
import type { TradeWrites } from '@backlay/exchange/trade'
import { fail } from '../result'
import { MARKET_MAKER_ID } from './accounts'
import { matchLeg } from './book-leg'
import { addMatched, type MarketState, type Position } from './market-state'
import {
  type FancyLeg,
  type OddsLeg,
  type PlaceOptions,
  Refusal,
  TRADE_MSG,
  type Trader,
} from './trade-types'

/*
 * What a placement changes once its checks have passed: its legs matched on the book (or taken
 * whole by the house), the trader's position and the rows to write. Called by the engine's
 * placement plans (exchange-engine.ts), on the market's queue.
 */

/**
 * The legs of an odds placement: on an exchange book each is matched at the asked price or
 * better and its rest rests (a fill-or-kill leg's is cancelled; one that matched nothing is
 * refused); a bookmaker market takes each leg whole at its quote.
 */
export function oddsWrites(
  state: MarketState,
  trader: Trader,
  position: Position,
  legs: readonly OddsLeg[],
  options: PlaceOptions,
  now: number,
): TradeWrites {
  const writes: TradeWrites = { orders: [], fills: [], cancels: [] }
  for (const leg of legs) {
    const id = randomUUID()
    if (state.book) {
      const placed = matchLeg(
        state,
        state.book,
        trader,
        position,
        leg,
        {
          id,
          persistence:
            trader.userId === MARKET_MAKER_ID ? 'PERSIST' : (options.persistence ?? 'LAPSE'),
          ...(options.fillOrKill ? { fillOrKill: options.fillOrKill } : {}),
          ...(options.refs ? { refs: options.refs } : {}),
          now,
        },
        writes,
      )
      if (!placed.ok) throw new Refusal(fail('BET.INVALID_ODDS', placed.msg))
      if (placed.value.matched === 0 && placed.value.lapsed > 0)
        throw new Refusal(fail('BET.NOT_FILLED', TRADE_MSG.notFilled))
    } else {
      addMatched(state, position, leg as OddsBet)
      writes.orders.push({
        id,
        leg: { ...leg, line: null },
        matched: leg.stake,
        matchedValue: leg.stake * leg.odds,
        remaining: 0,
        cancelled: 0,
        ...(options.refs ? { refs: options.refs } : {}),
      })
    }
  }
  return writes
}

/** A session (fancy) bet, taken whole by the house at its line and rate. */
export function fancyWrites(state: MarketState, position: Position, leg: FancyLeg): TradeWrites {
  position.fancy.push({
    side: leg.side,
    line: leg.line,
    rate: leg.rate,
    stake: leg.stake as Paise,
  } satisfies FancyBet)
  return {
    orders: [
      {
        id: randomUUID(),
        leg: {
          selectionId: state.selectionIds[0] ?? '1',
          side: leg.side === 'YES' ? 'BACK' : 'LAY',
          odds: leg.rate,
          line: leg.line,
          stake: leg.stake,
        },
        matched: leg.stake,
        matchedValue: leg.stake * leg.rate,
        remaining: 0,
        cancelled: 0,
      },
    ],
    fills: [],
    cancels: [],
  }
}
