import { isPositivePaise, MIN_ODDS, type Odds, type Paise } from './ids'
import { groupIndian } from './indian-number'
import { err, ok, type Result } from './result'

/**
 * Stake limits, max profit, the stake cap and bet delays as pure rules (betting-area.md §5, §9).
 * Limits on the wire are in rupees; the rules here speak paise.
 */
export type MarketType = 'MATCH_ODDS' | 'Special' | 'BOOKMAKER' | 'SESSION'
/** the three limit families of §3 (fancy*, odds*, bookmaker* user limits) */
export type LimitKind = 'odds' | 'bookmaker' | 'fancy'

/** limitKindOf('Special') → 'bookmaker'; limitKindOf('SESSION') → 'fancy'; limitKindOf('MATCH_ODDS') → 'odds' */
export const limitKindOf = (marketType: MarketType): LimitKind =>
  marketType === 'SESSION'
    ? 'fancy'
    : marketType === 'Special' || marketType === 'BOOKMAKER'
      ? 'bookmaker'
      : 'odds'

export const EVENT_TYPE = {
  cricket: '4',
  soccer: '1',
  tennis: '2',
  horseRacing: '7',
  greyhoundRacing: '4339',
  virtual: 'v9',
  ballByBall: 'b9',
} as const

const RUPEE = 100
/** Stake cap (§5): 1,00,00,000 rupees. */
export const STAKE_CAP = (10_000_000 * RUPEE) as Paise
/** Default max profit per market (§9 "default max per market display 5,00,000"). */
export const DEFAULT_MAX_PROFIT = (500_000 * RUPEE) as Paise
export const DEFAULT_BET_DELAY_SECONDS = 5

export const MESSAGES = {
  stakeCap: 'Value cannot exceed 1,00,00,000.',
  bhaw: 'Bhaw cannot be less than 1.',
  notInteger: 'Please enter a valid integer.',
  onlyOneMax: 'Only one value can be 1,00,00,000.',
  oddsBelowMin: 'Odds cannot be less than 1.01.',
} as const

export interface StakeLimits {
  readonly min: Paise
  readonly max: Paise
  readonly maxProfit: Paise
}

const rupees = (min: number, max: number): StakeLimits => ({
  min: (min * RUPEE) as Paise,
  max: (max * RUPEE) as Paise,
  maxProfit: DEFAULT_MAX_PROFIT,
})

/**
 * §9 defaults: cricket fancy 1/1,00,000, odds 1/1,00,000, bookmaker 100/20,00,000; soccer, tennis and
 * every other sport 100/50,000 for each kind. defaultLimits('bookmaker', '4') → { min: 10000, max: 200000000, … }
 */
export const defaultLimits = (kind: LimitKind, eventTypeId: string): StakeLimits => {
  if (eventTypeId !== EVENT_TYPE.cricket) return rupees(100, 50_000)
  return kind === 'bookmaker' ? rupees(100, 2_000_000) : rupees(1, 100_000)
}

/** User limits of §3, in rupees: `${prefix}${kind}MinLimit` with prefix '' (cricket and others), 's' soccer, 't' tennis. */
export type UserLimits = Partial<
  Record<`${'' | 's' | 't'}${LimitKind}${'Min' | 'Max'}Limit`, number>
>

/** Sport limits of §3 for one market (market_*) or one fancy (session_*), in rupees. */
export interface SportLimits {
  readonly minStake?: number
  readonly maxStake?: number
  readonly maxProfit?: number
}

const userPrefix = (eventTypeId: string): '' | 's' | 't' =>
  eventTypeId === EVENT_TYPE.soccer ? 's' : eventTypeId === EVENT_TYPE.tennis ? 't' : ''

const set = (n: number | undefined): n is number => n !== undefined && n > 0

/**
 * Defaults, then the market's (or fancy's) own limits, except that a limit the user has set wins
 * over the market's (§5: "a market max stake may replace the max unless a user limit is set").
 * effectiveLimits('odds', '4', { oddsMaxLimit: 2000 }, { maxStake: 5000 }) → max 200000 (the user's ₹2,000).
 */
export const effectiveLimits = (
  kind: LimitKind,
  eventTypeId: string,
  user: UserLimits = {},
  market: SportLimits = {},
): StakeLimits => {
  const base = defaultLimits(kind, eventTypeId)
  const prefix = userPrefix(eventTypeId)
  const userMin = user[`${prefix}${kind}MinLimit`]
  const userMax = user[`${prefix}${kind}MaxLimit`]
  const pick = (own: number | undefined, marketValue: number | undefined, fallback: Paise) =>
    set(own) ? own * RUPEE : set(marketValue) ? marketValue * RUPEE : fallback
  return {
    min: pick(userMin, market.minStake, base.min) as Paise,
    max: pick(userMax, market.maxStake, base.max) as Paise,
    maxProfit: (set(market.maxProfit) ? market.maxProfit * RUPEE : base.maxProfit) as Paise,
  }
}

export interface BetCheck {
  readonly limits: StakeLimits
  readonly stake: Paise
  /** exchange and bookmaker odds; absent for session bets (their rate is checked by session.ts) */
  readonly odds?: Odds
  /** the user's best outcome on this market (or fancy) with the new bet included */
  readonly profitAfterBet: Paise
}

export type LimitCode =
  | 'BET.INVALID_STAKE'
  | 'BET.STAKE_CAP'
  | 'BET.ODDS_BELOW_MIN'
  | 'BET.STAKE_BELOW_MIN'
  | 'BET.STAKE_ABOVE_MAX'
  | 'BET.MAX_PROFIT'

const inRupees = (p: Paise): string => groupIndian(p / RUPEE)

/**
 * checkBet({ limits: { min: 10000, max: 5000000, maxProfit: 50000000 }, stake: 5000, profitAfterBet: 5000 })
 * → err('BET.STAKE_BELOW_MIN', 'Minimum stake is 100.')
 */
export const checkBet = (check: BetCheck): Result<true, LimitCode> => {
  const { limits, stake, odds } = check
  if (!isPositivePaise(stake)) {
    return err('BET.INVALID_STAKE', 'Stake must be above 0.')
  }
  if (stake > STAKE_CAP) return err('BET.STAKE_CAP', MESSAGES.stakeCap)
  if (odds !== undefined && odds < MIN_ODDS) return err('BET.ODDS_BELOW_MIN', MESSAGES.oddsBelowMin)
  if (stake < limits.min) {
    return err('BET.STAKE_BELOW_MIN', `Minimum stake is ${inRupees(limits.min)}.`)
  }
  if (stake > limits.max) {
    return err('BET.STAKE_ABOVE_MAX', `Maximum stake is ${inRupees(limits.max)}.`)
  }
  if (check.profitAfterBet > limits.maxProfit) {
    return err('BET.MAX_PROFIT', `Maximum profit on this market is ${inRupees(limits.maxProfit)}.`)
  }
  return ok(true)
}

/** The §3 delay settings, in seconds. */
export type BetDelays = Partial<
  Record<
    | 'matchoddsBetDelay'
    | 'soccerBetDelay'
    | 'tennisBetDelay'
    | 'bookmakerBetDelay'
    | 'fancyBetDelay'
    | 'virtualBetDelay'
    | 'ballbyballBetDelay',
    number
  >
>

const delayKey = (marketType: MarketType, eventTypeId: string): keyof BetDelays | undefined => {
  // Virtual and ball-by-ball are whole event types: their delay applies to every market in them.
  if (eventTypeId === EVENT_TYPE.virtual) return 'virtualBetDelay'
  if (eventTypeId === EVENT_TYPE.ballByBall) return 'ballbyballBetDelay'
  if (marketType === 'SESSION') return 'fancyBetDelay'
  if (marketType === 'Special' || marketType === 'BOOKMAKER') return 'bookmakerBetDelay'
  if (eventTypeId === EVENT_TYPE.cricket) return 'matchoddsBetDelay'
  if (eventTypeId === EVENT_TYPE.soccer) return 'soccerBetDelay'
  if (eventTypeId === EVENT_TYPE.tennis) return 'tennisBetDelay'
  return undefined
}

/**
 * §9 delay choice, default 5 s each. betDelaySeconds('MATCH_ODDS', '1', { soccerBetDelay: 3 }) → 3;
 * betDelaySeconds('SESSION', '4', {}) → 5; betDelaySeconds('MATCH_ODDS', '7', { matchoddsBetDelay: 2 }) → 5.
 */
export const betDelaySeconds = (
  marketType: MarketType,
  eventTypeId: string,
  delays: BetDelays,
): number => {
  const key = delayKey(marketType, eventTypeId)
  const value = key === undefined ? undefined : delays[key]
  return value !== undefined && Number.isFinite(value) && value >= 0
    ? value
    : DEFAULT_BET_DELAY_SECONDS
}

/** §9 stake buttons. */
export const DEFAULT_STAKE_PRESETS: readonly number[] = [
  100, 200, 500, 1000, 2000, 5000, 10000, 15000, 20000, 25000,
]
export const STAKE_PRESET_MAX = 10_000_000

export type PresetCode = 'STAKES.NOT_INTEGER' | 'STAKES.TOO_LARGE' | 'STAKES.ONLY_ONE_MAX'

/**
 * §5 stake-button edit, rupees. validateStakePresets([100, 10000000, 10000000]) → err('STAKES.ONLY_ONE_MAX', 'Only one value can be 1,00,00,000.')
 */
export const validateStakePresets = (values: readonly number[]): Result<number[], PresetCode> => {
  if (values.some((v) => !Number.isInteger(v) || v <= 0)) {
    return err('STAKES.NOT_INTEGER', MESSAGES.notInteger)
  }
  if (values.some((v) => v > STAKE_PRESET_MAX)) return err('STAKES.TOO_LARGE', MESSAGES.stakeCap)
  if (values.filter((v) => v === STAKE_PRESET_MAX).length > 1) {
    return err('STAKES.ONLY_ONE_MAX', MESSAGES.onlyOneMax)
  }
  return ok([...values])
}
