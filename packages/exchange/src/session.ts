import { isPositivePaise, type Paise, type UserId } from './ids'
import { MESSAGES } from './limits'
import { negate, percentOf } from './money'
import { err, ok, type Result } from './result'

/**
 * Session ("fancy") markets: the house quotes a line in runs with a rate in percent for each side.
 * YES wins when the final runs are at or above the line and wins stake × rate / 100; it loses the
 * stake otherwise. NO wins the stake when the runs stay below the line and loses stake × rate / 100
 * (its liability) otherwise. Amounts round down (money.ts).
 */
export type FancySide = 'YES' | 'NO'

export interface FancyBet {
  readonly side: FancySide
  /** runs */
  readonly line: number
  /** percent, e.g. 90 */
  readonly rate: number
  readonly stake: Paise
}

export type UserFancyBet = FancyBet & { readonly userId: UserId }

/** A fancy's current quote (the feed's BackPrice1/BackSize1 = yes line/rate, LayPrice1/LaySize1 = no). */
export interface FancyQuote {
  readonly active: boolean
  readonly yesLine: number
  readonly yesRate: number
  readonly noLine: number
  readonly noRate: number
}

/** what the player asks for: the line and rate they saw */
export type FancyRequest = FancyBet

export type FancyCode =
  | 'FANCY.SUSPENDED'
  | 'FANCY.BHAW_TOO_LOW'
  | 'FANCY.INVALID_LINE'
  | 'BET.ODDS_CHANGED'
  | 'BET.INVALID_STAKE'

/** fancyProfit({ side: 'YES', rate: 90, stake: 10000 }) → 9000; a NO's profit is its stake. */
export const fancyProfit = (bet: FancyBet): Paise =>
  bet.side === 'YES' ? percentOf(bet.stake, bet.rate) : bet.stake

/** fancyLiability({ side: 'NO', rate: 110, stake: 10000 }) → 11000; a YES risks its stake. */
export const fancyLiability = (bet: FancyBet): Paise =>
  bet.side === 'NO' ? percentOf(bet.stake, bet.rate) : bet.stake

/** fancyBetPL(YES 50 @ 90 for ₹100, 50 runs) → 9000; at 49 runs → −10000. */
export const fancyBetPL = (bet: FancyBet, runs: number): Paise => {
  const yesWins = runs >= bet.line
  const wins = bet.side === 'YES' ? yesWins : !yesWins
  return wins ? fancyProfit(bet) : negate(fancyLiability(bet))
}

/**
 * Checks a bet against the current quote; the accepted bet is struck at the quoted line and rate.
 * acceptFancyBet({ active: true, yesLine: 50, yesRate: 100, … }, { side: 'YES', line: 50, rate: 100, stake: 10000 }) → ok(bet)
 */
export const acceptFancyBet = (
  quote: FancyQuote,
  request: FancyRequest,
): Result<FancyBet, FancyCode> => {
  if (!quote.active) return err('FANCY.SUSPENDED', 'The session is suspended.')
  if (request.rate <= 1) return err('FANCY.BHAW_TOO_LOW', MESSAGES.bhaw)
  if (!Number.isInteger(request.line) || request.line < 0) {
    return err('FANCY.INVALID_LINE', 'Runs must be a whole number.')
  }
  if (!isPositivePaise(request.stake)) {
    return err('BET.INVALID_STAKE', 'Stake must be above 0.')
  }
  const [line, rate] =
    request.side === 'YES' ? [quote.yesLine, quote.yesRate] : [quote.noLine, quote.noRate]
  if (request.line !== line || request.rate !== rate) {
    return err('BET.ODDS_CHANGED', 'The odds have changed.')
  }
  return ok({ side: request.side, line, rate, stake: request.stake })
}

/** Runs from..to (inclusive; to null = and above) over which a fancy position is constant. */
export interface RunBand {
  readonly fromRuns: number
  readonly toRuns: number | null
  readonly pl: Paise
}

export interface FancyExposure {
  /** position at every possible final run count, as constant bands from 0 runs up */
  readonly ladder: RunBand[]
  /** worst loss over the ladder, never below 0 */
  readonly exposure: Paise
}

/**
 * The run ladder of one fancy id. YES 50 @ 100 for ₹100 and NO 52 @ 100 for ₹100:
 * [0–49: 0, 50–51: +20000, 52+: 0]; exposure 0 (the "middle" can only win).
 */
export const fancyExposure = (bets: readonly FancyBet[]): FancyExposure => {
  const lines = [...new Set([0, ...bets.map((b) => b.line)])].sort((a, b) => a - b)
  let worst = 0
  const ladder = lines.map((fromRuns, i) => {
    const pl = bets.reduce((sum, bet) => sum + fancyBetPL(bet, fromRuns), 0)
    worst = Math.min(worst, pl)
    const next = lines[i + 1]
    return { fromRuns, toRuns: next === undefined ? null : next - 1, pl: pl as Paise }
  })
  return { ladder, exposure: negate(worst) }
}
