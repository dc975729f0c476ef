import type { OddsBet } from './exposure'
import { isPositivePaise, MAX_ODDS, type Odds, type Paise, type SelectionId } from './ids'
import type { Side } from './order-book'
import { err, ok, type Result } from './result'

/**
 * Bookmaker ("Special", shown as BOOKMAKER) markets: the house quotes every runner and takes the
 * other side of every bet at once; there is no book and nothing stays unmatched. Quotes come as
 * `priceActual`, the profit per 100 staked, so decimal odds are priceActual / 100 + 1 (spec §5);
 * ×100 that is simply priceActual + 100. Positions and settlement are those of any single-winner
 * market (exposure.ts, settlement.ts) with the house as counterparty.
 */
export interface BookmakerRunnerQuote {
  readonly selectionId: SelectionId
  readonly active: boolean
  /** priceActual a backer gets, 0 when not offered */
  readonly back: number
  /** priceActual a layer gets, 0 when not offered */
  readonly lay: number
}

export interface BookmakerQuote {
  readonly open: boolean
  readonly runners: readonly BookmakerRunnerQuote[]
}

export interface BookmakerRequest {
  readonly selectionId: SelectionId
  readonly side: Side
  /** the priceActual the player saw */
  readonly priceActual: number
  readonly stake: Paise
}

export type BookmakerCode =
  | 'BOOKMAKER.SUSPENDED'
  | 'BOOKMAKER.UNKNOWN_SELECTION'
  | 'BOOKMAKER.INVALID_PRICE'
  | 'BET.NO_PRICE'
  | 'BET.ODDS_CHANGED'
  | 'BET.INVALID_STAKE'

/** bookmakerOdds(45) → ok(145) (1.45); bookmakerOdds(0) → err('BOOKMAKER.INVALID_PRICE'); 45.5 is refused too (odds are whole ×100). */
export const bookmakerOdds = (priceActual: number): Result<Odds, BookmakerCode> =>
  Number.isInteger(priceActual) && priceActual >= 1 && priceActual + 100 <= MAX_ODDS
    ? ok((priceActual + 100) as Odds)
    : err('BOOKMAKER.INVALID_PRICE', 'The bookmaker price is not valid.')

/**
 * Strikes a bet at the quoted price, or refuses it when the quote moved.
 * acceptBookmakerBet({ open: true, runners: [{ selectionId: 'A', active: true, back: 45, lay: 48 }] },
 *   { selectionId: 'A', side: 'BACK', priceActual: 45, stake: 10000 }) → ok({ selectionId: 'A', side: 'BACK', odds: 145, stake: 10000 })
 */
export const acceptBookmakerBet = (
  quote: BookmakerQuote,
  request: BookmakerRequest,
): Result<OddsBet, BookmakerCode> => {
  if (!quote.open) return err('BOOKMAKER.SUSPENDED', 'The market is suspended.')
  const runner = quote.runners.find((r) => r.selectionId === request.selectionId)
  if (runner === undefined) {
    return err('BOOKMAKER.UNKNOWN_SELECTION', 'No such runner in this market.')
  }
  if (!runner.active) return err('BOOKMAKER.SUSPENDED', 'The runner is suspended.')
  if (!isPositivePaise(request.stake)) {
    return err('BET.INVALID_STAKE', 'Stake must be above 0.')
  }
  const quoted = request.side === 'BACK' ? runner.back : runner.lay
  if (quoted <= 0) return err('BET.NO_PRICE', 'There is no price on this side.')
  if (quoted !== request.priceActual) return err('BET.ODDS_CHANGED', 'The odds have changed.')
  const odds = bookmakerOdds(quoted)
  if (!odds.ok) return odds
  return ok({
    selectionId: request.selectionId,
    side: request.side,
    odds: odds.value,
    stake: request.stake,
  })
}
