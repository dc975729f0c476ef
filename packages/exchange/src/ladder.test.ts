import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Odds } from './ids'
import {
  isOnLadder,
  ladderOdds,
  nextTick,
  oddsAtTick,
  previousTick,
  snap,
  TICK_COUNT,
  tickIndex,
  ticksBetween,
} from './ladder'

const o = (n: number) => n as Odds

describe('price ladder (§5)', () => {
  it('has 350 prices from 1.01 to 1000', () => {
    expect(TICK_COUNT).toBe(350)
    expect(oddsAtTick(0)).toBe(101)
    expect(oddsAtTick(TICK_COUNT - 1)).toBe(100000)
  })

  it.each([
    [199, 200],
    [200, 202],
    [298, 300],
    [300, 305],
    [395, 400],
    [400, 410],
    [590, 600],
    [600, 620],
    [980, 1000],
    [1000, 1050],
    [1950, 2000],
    [2000, 2100],
    [2900, 3000],
    [3000, 3200],
    [4800, 5000],
    [5000, 5500],
    [9500, 10000],
    [10000, 11000],
    [99000, 100000],
  ])('steps from %i to %i', (from, to) => {
    expect(nextTick(o(from))).toBe(to)
    expect(previousTick(o(to))).toBe(from)
  })

  it('has nothing beyond either end', () => {
    expect(nextTick(o(100000))).toBeUndefined()
    expect(previousTick(o(101))).toBeUndefined()
  })

  it('rejects off-ladder prices with a code', () => {
    expect(isOnLadder(251)).toBe(false)
    expect(isOnLadder(250)).toBe(true)
    expect(tickIndex(100)).toBe(-1)
    expect(tickIndex(100010)).toBe(-1)
    expect(ladderOdds(251)).toEqual({
      ok: false,
      code: 'ODDS.OFF_LADDER',
      msg: 'Odds 2.51 are not on the price ladder.',
    })
    expect(ladderOdds(250)).toEqual({ ok: true, value: 250 })
  })

  it('snaps down, up, and clamps to the ends', () => {
    expect(snap(251, 'DOWN')).toBe(250)
    expect(snap(251, 'UP')).toBe(252)
    expect(snap(250, 'UP')).toBe(250)
    expect(snap(1234, 'DOWN')).toBe(1200)
    expect(snap(99, 'DOWN')).toBe(101)
    expect(snap(200000, 'UP')).toBe(100000)
  })

  it('counts ticks between prices', () => {
    expect(ticksBetween(o(190), o(210))).toEqual({ ok: true, value: 15 })
    expect(ticksBetween(o(210), o(190))).toEqual({ ok: true, value: -15 })
    expect(ticksBetween(o(190), o(211))).toMatchObject({ ok: false, code: 'ODDS.OFF_LADDER' })
  })

  it('snap returns the nearest ladder price on the asked side', () => {
    fc.assert(
      fc.property(fc.integer({ min: 101, max: 100000 }), (price) => {
        const down = snap(price, 'DOWN')
        const up = snap(price, 'UP')
        expect(isOnLadder(down) && isOnLadder(up)).toBe(true)
        expect(down).toBeLessThanOrEqual(price)
        expect(up).toBeGreaterThanOrEqual(price)
        expect(Math.abs(tickIndex(up) - tickIndex(down))).toBeLessThanOrEqual(1)
      }),
    )
  })
})
