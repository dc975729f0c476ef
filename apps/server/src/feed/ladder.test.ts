import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { floorToTick, isOnLadder, MAX_ODDS, MIN_ODDS, tickDown, tickUp } from './ladder'

describe('price ladder', () => {
  it('uses the spec steps at each band edge', () => {
    expect([tickUp(199), tickUp(200), tickUp(300), tickUp(400), tickUp(600)]).toEqual([
      200, 202, 305, 410, 620,
    ])
    expect([tickUp(1000), tickUp(2000), tickUp(3000), tickUp(5000), tickUp(10000)]).toEqual([
      1050, 2100, 3200, 5500, 11000,
    ])
  })

  it('clamps to 1.01 and 1000', () => {
    expect(floorToTick(50)).toBe(MIN_ODDS)
    expect(tickDown(MIN_ODDS)).toBe(MIN_ODDS)
    expect(tickUp(MAX_ODDS)).toBe(MAX_ODDS)
    expect(floorToTick(200_000)).toBe(MAX_ODDS)
  })

  it('floors any price onto the ladder, never above it', () => {
    fc.assert(
      fc.property(fc.integer({ min: MIN_ODDS, max: MAX_ODDS }), (odds) => {
        const tick = floorToTick(odds)
        expect(isOnLadder(tick)).toBe(true)
        expect(tick).toBeLessThanOrEqual(odds)
        expect(tickUp(tick)).toBeGreaterThan(odds === MAX_ODDS ? odds - 1 : odds)
      }),
    )
  })

  it('tickDown undoes tickUp everywhere inside the range', () => {
    fc.assert(
      fc.property(fc.integer({ min: MIN_ODDS, max: MAX_ODDS - 1 }), (odds) => {
        const tick = floorToTick(odds)
        expect(tickDown(tickUp(tick))).toBe(tick)
      }),
    )
  })
})
