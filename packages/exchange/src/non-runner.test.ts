import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { betPL } from './exposure'
import { MIN_ODDS, type Odds, type Paise, type SelectionId } from './ids'
import { type MatchedFill, nonRunnerChanges, reducedOdds, reformsMarket } from './non-runner'

const runners = ['A', 'B', 'C', 'R'] as SelectionId[]
const R = 'R' as SelectionId

describe('reduced prices', () => {
  it('cut the price by the factor, as Betfair publishes it', () => {
    expect(reducedOdds(800 as Odds, 2500)).toBe(600)
    expect(reducedOdds(860 as Odds, 1620)).toBe(721)
    expect(reducedOdds(212 as Odds, 5000)).toBe(106)
  })

  it('never go below 1.01', () => {
    expect(reducedOdds(120 as Odds, 9000)).toBe(MIN_ODDS)
  })

  it('apply from 2.5 %', () => {
    expect(reformsMarket({ factorBp: 249 })).toBe(false)
    expect(reformsMarket({ factorBp: 250 })).toBe(true)
  })
})

const fillArb = fc.record({
  selectionId: fc.constantFrom(...runners),
  odds: fc.integer({ min: 101, max: 100_000 }).map((o) => o as Odds),
  at: fc.integer({ min: 0, max: 1_000 }),
  stake: fc.integer({ min: 1, max: 1_000_000 }).map((s) => s as Paise),
  side: fc.constantFrom('BACK' as const, 'LAY' as const),
})

describe('a non-runner', () => {
  it('voids its own fills and only cuts fills on the others matched before it went', () => {
    fc.assert(
      fc.property(
        fc.array(fillArb, { maxLength: 40 }),
        fc.integer({ min: 0, max: 9_999 }),
        fc.integer({ min: 0, max: 1_000 }),
        (raw, factorBp, at) => {
          const fills: MatchedFill<number>[] = raw.map((f, id) => ({ ...f, id }))
          const changes = nonRunnerChanges(fills, { selectionId: R, factorBp, at })
          const repriced = new Map(changes.repriced.map((r) => [r.id, r.odds]))
          for (const fill of fills) {
            const voided = changes.voided.includes(fill.id)
            expect(voided).toBe(fill.selectionId === R)
            const cut = repriced.get(fill.id)
            if (cut === undefined) {
              expect(
                voided || !reformsMarket({ factorBp }) || fill.at > at || fill.odds === MIN_ODDS,
              ).toBe(true)
              continue
            }
            expect(voided).toBe(false)
            expect(fill.at).toBeLessThanOrEqual(at)
            expect(cut).toBeLessThan(fill.odds)
            expect(cut).toBeGreaterThanOrEqual(MIN_ODDS)
            expect(Math.abs(cut - (fill.odds * (10_000 - factorBp)) / 10_000)).toBeLessThanOrEqual(
              cut === MIN_ODDS ? Number.POSITIVE_INFINITY : 0.5,
            )
          }
        },
      ),
    )
  })

  it('never lets a cut bet win or lose more on a runner still in the race', () => {
    fc.assert(
      fc.property(
        fc.array(fillArb, { maxLength: 40 }),
        fc.integer({ min: 250, max: 9_999 }),
        (raw, factorBp) => {
          const fills = raw.map((f, id) => ({ ...f, id }))
          const changes = nonRunnerChanges(fills, { selectionId: R, factorBp, at: 1_000 })
          for (const { id, odds } of changes.repriced) {
            const fill = fills[id]
            if (!fill) throw new Error(`no fill ${id}`)
            for (const winner of runners.filter((s) => s !== R)) {
              const before = betPL(fill, winner)
              const after = betPL({ ...fill, odds }, winner)
              expect(Math.abs(after)).toBeLessThanOrEqual(Math.abs(before))
              expect(Math.sign(after) * Math.sign(before)).toBeGreaterThanOrEqual(0)
            }
          }
        },
      ),
    )
  })
})
