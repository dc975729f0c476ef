import { describe, expect, it } from 'vitest'
import type { Odds, Paise } from './ids'
import {
  betDelaySeconds,
  checkBet,
  DEFAULT_STAKE_PRESETS,
  defaultLimits,
  effectiveLimits,
  limitKindOf,
  STAKE_CAP,
  type StakeLimits,
  validateStakePresets,
} from './limits'

const rupees = (n: number) => (n * 100) as Paise

describe('limits (§9 defaults)', () => {
  it('maps market types to limit kinds', () => {
    expect(limitKindOf('MATCH_ODDS')).toBe('odds')
    expect(limitKindOf('Special')).toBe('bookmaker')
    expect(limitKindOf('BOOKMAKER')).toBe('bookmaker')
    expect(limitKindOf('SESSION')).toBe('fancy')
  })

  it('cricket: fancy 1/1,00,000, odds 1/1,00,000, bookmaker 100/20,00,000', () => {
    expect(defaultLimits('fancy', '4')).toEqual({
      min: rupees(1),
      max: rupees(100000),
      maxProfit: rupees(500000),
    })
    expect(defaultLimits('odds', '4')).toMatchObject({ min: rupees(1), max: rupees(100000) })
    expect(defaultLimits('bookmaker', '4')).toMatchObject({
      min: rupees(100),
      max: rupees(2000000),
    })
  })

  it('soccer, tennis and other sports: 100/50,000 for every kind', () => {
    for (const sport of ['1', '2', '7', '4339']) {
      for (const kind of ['fancy', 'odds', 'bookmaker'] as const) {
        expect(defaultLimits(kind, sport)).toMatchObject({ min: rupees(100), max: rupees(50000) })
      }
    }
  })

  it('a user limit wins over the market’s, which wins over the default', () => {
    expect(effectiveLimits('odds', '4', { oddsMaxLimit: 2000 }, { maxStake: 5000 }).max).toBe(
      rupees(2000),
    )
    expect(effectiveLimits('odds', '4', {}, { maxStake: 5000, minStake: 10 })).toMatchObject({
      min: rupees(10),
      max: rupees(5000),
    })
    expect(effectiveLimits('fancy', '1', { sfancyMinLimit: 200, fancyMinLimit: 5 }).min).toBe(
      rupees(200),
    )
    expect(effectiveLimits('bookmaker', '2', { tbookmakerMaxLimit: 900 }).max).toBe(rupees(900))
    expect(effectiveLimits('odds', '4', {}, { maxProfit: 100000 }).maxProfit).toBe(rupees(100000))
  })
})

describe('checkBet', () => {
  const limits: StakeLimits = { min: rupees(100), max: rupees(50000), maxProfit: rupees(500000) }
  const check = (stake: number, extra: { odds?: number; profitAfterBet?: number } = {}) =>
    checkBet({
      limits,
      stake: stake as Paise,
      ...(extra.odds === undefined ? {} : { odds: extra.odds as Odds }),
      profitAfterBet: (extra.profitAfterBet ?? 0) as Paise,
    })

  it('passes a bet inside every limit', () => {
    expect(check(rupees(500), { odds: 101 })).toEqual({ ok: true, value: true })
  })

  it('caps stakes at 1,00,00,000 with the spec’s message', () => {
    expect(check(STAKE_CAP + 1)).toEqual({
      ok: false,
      code: 'BET.STAKE_CAP',
      msg: 'Value cannot exceed 1,00,00,000.',
    })
  })

  it('wants odds of at least 1.01', () => {
    expect(check(rupees(500), { odds: 100 })).toMatchObject({ code: 'BET.ODDS_BELOW_MIN' })
  })

  it('enforces min, max and max profit with amounts in Indian grouping', () => {
    expect(check(rupees(99))).toEqual({
      ok: false,
      code: 'BET.STAKE_BELOW_MIN',
      msg: 'Minimum stake is 100.',
    })
    expect(check(rupees(50001))).toEqual({
      ok: false,
      code: 'BET.STAKE_ABOVE_MAX',
      msg: 'Maximum stake is 50,000.',
    })
    expect(check(rupees(500), { profitAfterBet: rupees(500001) })).toEqual({
      ok: false,
      code: 'BET.MAX_PROFIT',
      msg: 'Maximum profit on this market is 5,00,000.',
    })
    expect(check(0)).toMatchObject({ code: 'BET.INVALID_STAKE' })
  })
})

describe('bet delay choice (§9)', () => {
  const delays = {
    matchoddsBetDelay: 1,
    soccerBetDelay: 2,
    tennisBetDelay: 3,
    bookmakerBetDelay: 4,
    fancyBetDelay: 6,
    virtualBetDelay: 7,
    ballbyballBetDelay: 8,
  }

  it.each([
    ['MATCH_ODDS', '4', 1],
    ['MATCH_ODDS', '1', 2],
    ['MATCH_ODDS', '2', 3],
    ['Special', '4', 4],
    ['BOOKMAKER', '1', 4],
    ['SESSION', '4', 6],
    ['MATCH_ODDS', 'v9', 7],
    ['MATCH_ODDS', 'b9', 8],
    ['MATCH_ODDS', '7', 5],
  ] as const)('%s on event type %s → %i s', (marketType, eventTypeId, seconds) => {
    expect(betDelaySeconds(marketType, eventTypeId, delays)).toBe(seconds)
  })

  it('defaults to 5 s for every kind', () => {
    for (const marketType of ['MATCH_ODDS', 'Special', 'SESSION'] as const) {
      for (const sport of ['4', '1', '2', 'v9', 'b9']) {
        expect(betDelaySeconds(marketType, sport, {})).toBe(5)
      }
    }
  })
})

describe('stake presets (§5, §9)', () => {
  it('has the default buttons', () => {
    expect(DEFAULT_STAKE_PRESETS).toEqual([
      100, 200, 500, 1000, 2000, 5000, 10000, 15000, 20000, 25000,
    ])
    expect(validateStakePresets(DEFAULT_STAKE_PRESETS)).toMatchObject({ ok: true })
  })

  it('refuses non-integers, values above 1,00,00,000 and two buttons at the maximum', () => {
    expect(validateStakePresets([100, 1.5])).toEqual({
      ok: false,
      code: 'STAKES.NOT_INTEGER',
      msg: 'Please enter a valid integer.',
    })
    expect(validateStakePresets([10000001])).toEqual({
      ok: false,
      code: 'STAKES.TOO_LARGE',
      msg: 'Value cannot exceed 1,00,00,000.',
    })
    expect(validateStakePresets([10000000, 10000000])).toEqual({
      ok: false,
      code: 'STAKES.ONLY_ONE_MAX',
      msg: 'Only one value can be 1,00,00,000.',
    })
  })
})

describe('limits applied to bookmaker and fancy bets', () => {
  it('a cricket bookmaker bet under ₹100 is refused, a ₹1 cricket fancy bet is fine', () => {
    const bookmaker = effectiveLimits(limitKindOf('Special'), '4')
    expect(
      checkBet({
        limits: bookmaker,
        stake: rupees(50),
        odds: 145 as Odds,
        profitAfterBet: rupees(22),
      }),
    ).toMatchObject({ code: 'BET.STAKE_BELOW_MIN', msg: 'Minimum stake is 100.' })
    const fancy = effectiveLimits(limitKindOf('SESSION'), '4')
    expect(checkBet({ limits: fancy, stake: rupees(1), profitAfterBet: rupees(1) })).toEqual({
      ok: true,
      value: true,
    })
  })
})
