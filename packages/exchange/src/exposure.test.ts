import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { oddsBet as bet } from '../test-support/bets'
import { betPL, fillBets, marketExposure, unmatchedRisk } from './exposure'
import type { Odds, OrderId, Paise, SelectionId, UserId } from './ids'
import { oddsAtTick, TICK_COUNT, tickIndex } from './ladder'

const A = 'A' as SelectionId
const B = 'B' as SelectionId
const C = 'C' as SelectionId

describe('exposure', () => {
  it('P/L of a back and a lay on each outcome', () => {
    expect(betPL(bet(A, 'BACK', 250, 10000), A)).toBe(15000)
    expect(betPL(bet(A, 'BACK', 250, 10000), B)).toBe(-10000)
    expect(betPL(bet(A, 'LAY', 250, 10000), A)).toBe(-15000)
    expect(betPL(bet(A, 'LAY', 250, 10000), B)).toBe(10000)
  })

  it('an unmatched back risks its stake, an unmatched lay its liability', () => {
    expect(unmatchedRisk(bet(A, 'BACK', 300, 10000))).toBe(10000)
    expect(unmatchedRisk(bet(A, 'LAY', 300, 10000))).toBe(20000)
  })

  it('counts unmatched orders as pure risk, never as a hedge', () => {
    const result = marketExposure([A, B], [bet(A, 'BACK', 300, 10000)], [bet(A, 'LAY', 200, 5000)])
    expect(result).toEqual({
      outcomes: [
        { selectionId: A, pl: 20000, worst: 15000 },
        { selectionId: B, pl: -10000, worst: -15000 },
      ],
      exposure: 15000,
    })
  })

  it('a matched hedge reduces exposure', () => {
    const before = marketExposure([A, B], [bet(A, 'BACK', 300, 10000)])
    const after = marketExposure([A, B], [bet(A, 'BACK', 300, 10000), bet(A, 'LAY', 200, 15000)])
    expect(before.exposure).toBe(10000)
    expect(after.exposure).toBe(0)
    expect(after.outcomes.map((o) => o.pl)).toEqual([5000, 5000])
  })

  it('a fill makes a back and a lay whose P/Ls cancel', () => {
    const [back, lay] = fillBets({
      selectionId: A,
      odds: 300 as Odds,
      stake: 10000 as Paise,
      liability: 20000 as Paise,
      backOrderId: 'b' as OrderId,
      backUserId: 'u1' as UserId,
      layOrderId: 'l' as OrderId,
      layUserId: 'u2' as UserId,
      taker: 'BACK',
      at: 0,
    })
    expect(back).toEqual({ userId: 'u1', selectionId: A, side: 'BACK', odds: 300, stake: 10000 })
    expect(lay.side).toBe('LAY')
    for (const winner of [A, B]) expect(betPL(back, winner) + betPL(lay, winner)).toBe(0)
  })

  const arbBet = fc.record({
    selectionId: fc.constantFrom(A, B, C),
    side: fc.constantFrom<'BACK' | 'LAY'>('BACK', 'LAY'),
    odds: fc.integer({ min: 0, max: TICK_COUNT - 1 }).map(oddsAtTick),
    stake: fc.integer({ min: 1, max: 1_000_000 }).map((n) => n as Paise),
  })

  it('worst-case exposure is never smaller than the loss of any outcome, however unmatched orders end', () => {
    fc.assert(
      fc.property(
        fc.array(arbBet, { maxLength: 8 }),
        fc.array(
          fc.record({
            order: arbBet,
            // how the unmatched order ends: matched share (0 = cancelled) in two fills, and price improvement
            share: fc.integer({ min: 0, max: 100 }),
            split: fc.integer({ min: 0, max: 100 }),
            better: fc.integer({ min: 0, max: 5 }),
          }),
          { maxLength: 6 },
        ),
        fc.constantFrom(A, B, C),
        (matched, unmatched, winner) => {
          const { exposure } = marketExposure(
            [A, B, C],
            matched,
            unmatched.map((u) => u.order),
          )
          expect(exposure).toBeGreaterThanOrEqual(0)
          const realised = unmatched.flatMap(({ order, share, split, better }) => {
            const done = Math.floor((order.stake * share) / 100)
            const first = Math.floor((done * split) / 100)
            const t = tickIndex(order.odds) + (order.side === 'BACK' ? better : -better)
            const odds = oddsAtTick(Math.min(TICK_COUNT - 1, Math.max(0, t)))
            return [first, done - first]
              .filter((s) => s > 0)
              .map((s) => ({ ...order, odds, stake: s as Paise }))
          })
          const pl = [...matched, ...realised].reduce((s, b) => s + betPL(b, winner), 0)
          expect(-pl).toBeLessThanOrEqual(exposure)
        },
      ),
      { numRuns: 500 },
    )
  })
})
