import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type DutchSelection, dutch } from './dutching'
import type { Odds, Paise, SelectionId } from './ids'
import { isOnLadder, oddsAtTick } from './ladder'

const sel = (id: string, odds: number): DutchSelection => ({
  selectionId: id as SelectionId,
  odds: odds as Odds,
})

describe('dutching (racing combined bet)', () => {
  it('splits ∝ 1/odds in whole rupees, remainder on the shortest price', () => {
    expect(dutch(10000 as Paise, [sel('A', 200), sel('B', 400)])).toEqual({
      ok: true,
      value: {
        legs: [
          { selectionId: 'A', odds: 200, stake: 6700 },
          { selectionId: 'B', odds: 400, stake: 3300 },
        ],
        combinedOdds: 133,
      },
    })
  })

  it('four legs: 3.00, 4.00, 6.00, 10.00 for ₹100 → 41/29/19/11 at combined 1.17', () => {
    const result = dutch(10000 as Paise, [
      sel('A', 300),
      sel('B', 400),
      sel('C', 600),
      sel('D', 1000),
    ])
    expect(result.ok && result.value.legs.map((l) => l.stake)).toEqual([4100, 2900, 1900, 1100])
    expect(result.ok && result.value.combinedOdds).toBe(117)
  })

  it('refuses what it cannot split', () => {
    const two = [sel('A', 200), sel('B', 400)]
    expect(dutch(10000 as Paise, [])).toMatchObject({ code: 'DUTCH.NO_SELECTIONS' })
    expect(
      dutch(10000 as Paise, [...two, sel('C', 500), sel('D', 600), sel('E', 700)]),
    ).toMatchObject({ code: 'DUTCH.TOO_MANY_SELECTIONS' })
    expect(dutch(10000 as Paise, [sel('A', 200), sel('A', 400)])).toMatchObject({
      code: 'DUTCH.DUPLICATE_SELECTION',
    })
    expect(dutch(10050 as Paise, two)).toMatchObject({ code: 'DUTCH.STAKE_NOT_WHOLE_RUPEES' })
    expect(dutch(100 as Paise, two)).toMatchObject({ code: 'DUTCH.STAKE_TOO_SMALL' })
    expect(dutch(10000 as Paise, [sel('A', 201), sel('B', 400)])).toMatchObject({
      code: 'ODDS.OFF_LADDER',
    })
    expect(dutch(10000 as Paise, [sel('A', 150), sel('B', 150)])).toMatchObject({
      code: 'DUTCH.ODDS_TOO_SHORT',
    })
  })

  it('spends exactly the stake and returns (nearly) the same whichever leg wins', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }).map((r) => (r * 100) as Paise),
        fc.uniqueArray(fc.integer({ min: 100, max: 300 }), { minLength: 1, maxLength: 4 }),
        (total, ticks) => {
          const selections = ticks.map((t, i) => sel(`S${i}`, oddsAtTick(t)))
          const result = dutch(total, selections)
          if (!result.ok) {
            expect(['DUTCH.STAKE_TOO_SMALL', 'DUTCH.ODDS_TOO_SHORT']).toContain(result.code)
            return
          }
          const { legs, combinedOdds } = result.value
          expect(legs.reduce((s, l) => s + l.stake, 0)).toBe(total)
          const shortest = legs.reduce((a, b) => (b.odds < a.odds ? b : a))
          for (const leg of legs) {
            if (leg !== shortest) expect(leg.stake % 100).toBe(0)
            // Rounding moves each leg by less than ₹1 per leg, so returns differ by less than that × odds.
            const exactReturn = total / legs.reduce((s, l) => s + 100 / l.odds, 0)
            const slack = legs.length * 100 * (leg.odds / 100)
            expect(Math.abs((leg.stake * leg.odds) / 100 - exactReturn)).toBeLessThanOrEqual(slack)
          }
          expect(isOnLadder(combinedOdds)).toBe(true)
          const exact = 1 / legs.reduce((s, l) => s + 1 / l.odds, 0)
          expect(combinedOdds).toBeLessThanOrEqual(exact + 1e-9)
        },
      ),
    )
  })
})
