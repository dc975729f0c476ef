import { describe, expect, it } from 'vitest'
import {
  bookmakerDecimal,
  canClickCell,
  fancyHasLay,
  isFancySuspended,
  isMarketSuspended,
  isRunnerSuspended,
  priceText,
  sizeText,
  threeCells,
} from './display'

describe('sizeText', () => {
  it('rounds the size up after the volume multiplier', () => {
    expect(sizeText('1.1', 1234.2)).toBe('1,235')
    expect(sizeText('1.1', 100, 2.5)).toBe('250')
  })
  it("shows '500.000+' from 500000", () => {
    expect(sizeText('1.1', 499_999.5)).toBe('500.000+')
    expect(sizeText('1.1', 499_998.2)).toBe('4,99,999')
    expect(sizeText('1.1', 250_000, 2)).toBe('500.000+')
  })
  it('hides the volume of _BR ids', () => {
    expect(sizeText('1.77_BR', 1234)).toBe('')
  })
})

describe('priceText', () => {
  it('shows decimal odds for exchange markets', () => {
    expect(priceText('1.1', 'MATCH_ODDS', 1.5)).toBe('1.5')
    expect(priceText('1.1', 'MATCH_ODDS', 2.02)).toBe('2.02')
  })
  it('shows sportsbook odds as (price − 1) × 100', () => {
    expect(priceText('9_SB', 'MATCH_ODDS', 1.85)).toBe('85')
    expect(priceText('9_SB', 'MATCH_ODDS', 2.5)).toBe('150')
  })
  it('shows the bookmaker rate as quoted', () => {
    expect(priceText('bm1', 'BOOKMAKER', 95)).toBe('95')
  })
  it('shows a dash for no price', () => {
    expect(priceText('1.1', 'MATCH_ODDS', 0)).toBe('-')
  })
})

describe('bookmakerDecimal', () => {
  it('converts priceActual / 100 + 1', () => {
    expect(bookmakerDecimal(95)).toBe(1.95)
    expect(bookmakerDecimal(7)).toBe(1.07)
    expect(bookmakerDecimal(110)).toBe(2.1)
  })
})

describe('suspension', () => {
  it('suspends a runner when the market is not OPEN or the runner not ACTIVE', () => {
    expect(isRunnerSuspended({ status: 'OPEN' }, 'ACTIVE')).toBe(false)
    expect(isRunnerSuspended({ status: 'SUSPENDED' }, 'ACTIVE')).toBe(true)
    expect(isRunnerSuspended({ status: 'OPEN' }, 'SUSPENDED')).toBe(true)
  })
  it('calls a market all-suspended when no runner is active', () => {
    const runner = (status: 'ACTIVE' | 'SUSPENDED') => ({ status }) as never
    expect(isMarketSuspended({ status: 'OPEN', runners: [runner('SUSPENDED')] })).toBe(true)
    expect(
      isMarketSuspended({ status: 'OPEN', runners: [runner('SUSPENDED'), runner('ACTIVE')] }),
    ).toBe(false)
    expect(isMarketSuspended({ status: 'CLOSED', runners: [runner('ACTIVE')] })).toBe(true)
  })
  it('suspends a fancy unless OPEN and is_active 1', () => {
    expect(isFancySuspended({ status: 'OPEN', is_active: 1 })).toBe(false)
    expect(isFancySuspended({ status: 'OPEN', is_active: 0 })).toBe(true)
    expect(isFancySuspended({ status: 'SUSPENDED', is_active: 1 })).toBe(true)
  })
})

describe('cells', () => {
  it('gives category 4 lines no lay side', () => {
    expect(fancyHasLay({ category: 4 })).toBe(false)
    expect(fancyHasLay({ category: 0 })).toBe(true)
  })
  it('needs an active cell with a price above 0 for a click', () => {
    expect(canClickCell(false, 1.5)).toBe(true)
    expect(canClickCell(true, 1.5)).toBe(false)
    expect(canClickCell(false, 0)).toBe(false)
    expect(canClickCell(false, undefined)).toBe(false)
  })
  it('pads each side to three cells', () => {
    expect(threeCells([1])).toEqual([1, undefined, undefined])
    expect(threeCells([1, 2, 3, 4])).toEqual([1, 2, 3])
  })
})
