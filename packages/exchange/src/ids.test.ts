import { describe, expect, it } from 'vitest'
import { marketId, odds, orderId, paise, positivePaise, selectionId, toPaise, userId } from './ids'

describe('ids', () => {
  it('accepts whole paise, negative included, and refuses fractions', () => {
    expect(paise(1234)).toEqual({ ok: true, value: 1234 })
    expect(paise(-500)).toEqual({ ok: true, value: -500 })
    expect(paise(12.5)).toMatchObject({ ok: false, code: 'MONEY.NOT_INTEGER' })
    expect(paise(Number.NaN)).toMatchObject({ ok: false, code: 'MONEY.NOT_INTEGER' })
  })

  it('wants stakes above zero', () => {
    expect(positivePaise(100)).toEqual({ ok: true, value: 100 })
    expect(positivePaise(0)).toMatchObject({ ok: false, code: 'MONEY.NOT_POSITIVE' })
    expect(positivePaise(1.5)).toMatchObject({ ok: false, code: 'MONEY.NOT_INTEGER' })
  })

  it('throws on a fraction produced inside the domain (a bug, not input)', () => {
    expect(toPaise(7)).toBe(7)
    expect(() => toPaise(0.5)).toThrow(RangeError)
  })

  it('keeps odds ×100 between 1.01 and 1000', () => {
    expect(odds(101)).toEqual({ ok: true, value: 101 })
    expect(odds(100000)).toEqual({ ok: true, value: 100000 })
    expect(odds(100)).toMatchObject({ ok: false, code: 'ODDS.OUT_OF_RANGE' })
    expect(odds(100001)).toMatchObject({ ok: false, code: 'ODDS.OUT_OF_RANGE' })
    expect(odds(1.95)).toMatchObject({ ok: false, code: 'ODDS.NOT_INTEGER' })
  })

  it('takes ids of 1 to 64 characters', () => {
    for (const make of [marketId, selectionId, userId, orderId]) {
      expect(make('1.234')).toEqual({ ok: true, value: '1.234' })
      expect(make('')).toMatchObject({ ok: false, code: 'ID.INVALID' })
      expect(make('x'.repeat(65))).toMatchObject({ ok: false, code: 'ID.INVALID' })
    }
  })
})
