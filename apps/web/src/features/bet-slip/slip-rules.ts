import { GUEST_STAKE_CAP, MIN_ODDS, STAKE_MAX } from '@backlay/contract/limits'
import { MSG } from '@backlay/contract/validation-messages'
import type { Odds, Paise } from '@backlay/exchange/ids'
import { isOnLadder, nextTick, previousTick, snap } from '@backlay/exchange/ladder'
import { percentOf, profitAtOdds } from '@backlay/exchange/money'

/** Betting §5 rules of the bet slip, pure so the store and its tests share them. */

export type SlipMarketType = 'MATCH_ODDS' | 'BOOKMAKER' | 'SESSION' | 'WIN'

const toPaise = (rupees: number) => Math.round(rupees * 100) as Paise
const toOdds = (decimal: number) => Math.round(decimal * 100) as Odds

export interface StakeInput {
  /** What stays in the field. */
  text: string
  /** The message to show, when the typed value broke a rule. */
  error?: string
}

/**
 * Typed stake: digits with at most 2 decimals; above 1,00,00,000 is refused with the §5 message;
 * guests are capped at 5,00,000. cleanStake('12.345', true) → { text: '12.34' }
 */
export function cleanStake(typed: string, authenticated: boolean, previous = ''): StakeInput {
  const trimmed = typed.replace(/[^\d.]/g, '')
  const match = /^(\d*)(\.\d{0,2})?/.exec(trimmed)
  const text = match ? `${match[1] ?? ''}${match[2] ?? ''}` : ''
  const value = Number(text)
  if (value > STAKE_MAX) return { text: previous, error: MSG.stakeAboveMax }
  if (!authenticated && value > GUEST_STAKE_CAP) return { text: String(GUEST_STAKE_CAP) }
  return { text }
}

export const stakeValue = (text: string): number => {
  const n = Number(text)
  return Number.isFinite(n) ? n : 0
}

/** Session bets are judged by their rate, others by their odds (§5: Place Bet enable rule). */
export function placeBlocker(
  marketType: SlipMarketType,
  stake: number,
  price: number,
  fancyPrice: number,
): string | null {
  if (marketType === 'SESSION') {
    if (fancyPrice <= 1) return MSG.bhawBelowOne
    return stake > 0 ? null : ''
  }
  if (stake <= 0 || price < MIN_ODDS) return ''
  return null
}

export interface Outcome {
  kind: 'profit' | 'liability'
  /** rupees, 2 decimals */
  amount: number
}

/**
 * What Place Bet shows (§5): back → Profit, lay → Liability. Session: stake × rate / 100;
 * others: stake × odds − stake, both rounded down to the paisa like the exchange.
 * betOutcome('MATCH_ODDS', true, 100, 2.5, 0) → { kind: 'profit', amount: 150 }
 */
export function betOutcome(
  marketType: SlipMarketType,
  isBack: boolean,
  stake: number,
  price: number,
  fancyPrice: number,
): Outcome {
  const kind = isBack ? 'profit' : 'liability'
  if (stake <= 0) return { kind, amount: 0 }
  const paise =
    marketType === 'SESSION'
      ? percentOf(toPaise(stake), fancyPrice)
      : price > 1
        ? profitAtOdds(toPaise(stake), toOdds(price))
        : 0
  return { kind, amount: paise / 100 }
}

/** The session table's Liability column: a Yes risks its stake, a No stake × rate / 100. */
export const sessionLiability = (isBack: boolean, stake: number, fancyPrice: number): number =>
  isBack ? stake : percentOf(toPaise(stake), fancyPrice) / 100

/** One ladder step up or down from the shown odds, staying on the §5 ladder (1.01 … 1000). */
export function stepOdds(price: number, direction: 'up' | 'down'): number {
  const raw = toOdds(price)
  if (!isOnLadder(raw)) return snap(raw, direction === 'up' ? 'UP' : 'DOWN') / 100
  const next = direction === 'up' ? nextTick(raw) : previousTick(raw)
  return (next ?? raw) / 100
}

/**
 * A single bet on an exchange market (match odds, racing win): its odds can be edited, and it may
 * rest unmatched, be kept in-play or be sent fill-or-kill; a combined racing bet cannot.
 */
export const isExchangeSlip = (s: { marketType: SlipMarketType; legs?: unknown[] | undefined }) =>
  (s.marketType === 'MATCH_ODDS' || s.marketType === 'WIN') && !s.legs
