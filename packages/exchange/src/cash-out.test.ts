import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { oddsBet as bet } from '../test-support/bets'
import { type CashOutMarket, cashOut } from './cash-out'
import { betPL, type OddsBet } from './exposure'
import type { Odds, Paise, SelectionId } from './ids'
import { oddsAtTick } from './ladder'

const A = 'A' as SelectionId
const B = 'B' as SelectionId
const market = (prices: CashOutMarket['prices']): CashOutMarket => ({
  marketType: 'MATCH_ODDS',
  selectionIds: [A, B],
  prices,
})

/** A matched bet on either runner, and a price on the ladder, for the properties. */
const arbBet = fc.record({
  selectionId: fc.constantFrom(A, B),
  side: fc.constantFrom<'BACK' | 'LAY'>('BACK', 'LAY'),
  odds: fc.integer({ min: 0, max: 200 }).map(oddsAtTick),
  stake: fc.integer({ min: 100, max: 1_000_000 }).map((n) => n as Paise),
})
const tick = fc.integer({ min: 0, max: 200 }).map(oddsAtTick)

describe('cash-out', () => {
  it('a back is hedged by a lay of S × B ÷ L at the best lay price', () => {
    const result = cashOut(market([{ selectionId: A, back: 198 as Odds, lay: 200 as Odds }]), [
      bet(A, 'BACK', 300, 10000),
    ])
    expect(result).toEqual({
      ok: true,
      value: {
        hedge: { selectionId: A, side: 'LAY', odds: 200, stake: 15000 },
        outcomes: [
          { selectionId: A, pl: 5000 },
          { selectionId: B, pl: 5000 },
        ],
        pl: 5000,
        value: 5000,
      },
    })
  })

  it('a partial cash-out hedges that share of the full stake and leaves the rest open', () => {
    const result = cashOut(
      market([{ selectionId: A, back: 198 as Odds, lay: 200 as Odds }]),
      [bet(A, 'BACK', 300, 10000)],
      40,
    )
    expect(result).toEqual({
      ok: true,
      value: {
        hedge: { selectionId: A, side: 'LAY', odds: 200, stake: 6000 },
        outcomes: [
          { selectionId: A, pl: 14000 },
          { selectionId: B, pl: -4000 },
        ],
        pl: -4000,
        value: 2000,
      },
    })
    for (const share of [0, 101, 12.5]) {
      expect(
        cashOut(
          market([{ selectionId: A, lay: 200 as Odds }]),
          [bet(A, 'BACK', 300, 10000)],
          share,
        ),
      ).toMatchObject({ ok: false, code: 'CASHOUT.NOT_AVAILABLE' })
    }
  })

  it('a lay is hedged by a back of S × L ÷ B (the mirror), here locking in a profit as the price drifted', () => {
    const result = cashOut(market([{ selectionId: A, back: 400 as Odds }]), [
      bet(A, 'LAY', 300, 10000),
    ])
    expect(result.ok && result.value.hedge).toEqual({
      selectionId: A,
      side: 'BACK',
      odds: 400,
      stake: 7500,
    })
    expect(result.ok && result.value.pl).toBe(2500)
  })

  it('is offered only on two-runner MATCH_ODDS markets with a position and a price', () => {
    const bets = [bet(A, 'BACK', 300, 10000)]
    expect(cashOut({ ...market([]), marketType: 'Special' }, bets)).toMatchObject({
      code: 'CASHOUT.NOT_AVAILABLE',
    })
    expect(
      cashOut({ ...market([]), selectionIds: [A, B, 'C' as SelectionId] }, bets),
    ).toMatchObject({
      code: 'CASHOUT.NOT_AVAILABLE',
    })
    expect(cashOut(market([]), [])).toMatchObject({ code: 'CASHOUT.NO_POSITION' })
    expect(cashOut(market([{ selectionId: A, back: 300 as Odds }]), bets)).toMatchObject({
      code: 'CASHOUT.NO_PRICE',
    })
    expect(
      cashOut(market([{ selectionId: A, lay: 300 as Odds }]), [...bets, bet(A, 'LAY', 300, 10000)]),
    ).toMatchObject({ code: 'CASHOUT.ALREADY_EVEN' })
  })

  it('equalises P/L on both outcomes to within the stake rounding', () => {
    fc.assert(
      fc.property(
        fc.array(arbBet, { minLength: 1, maxLength: 5 }),
        tick,
        tick,
        (bets, back, lay) => {
          const prices = [A, B].map((selectionId) => ({ selectionId, back, lay }))
          const result = cashOut(market(prices), bets)
          if (!result.ok) {
            expect(result.code).toBe('CASHOUT.ALREADY_EVEN')
            return
          }
          const { hedge, outcomes, pl } = result.value
          const after = [A, B].map((w) => [...bets, hedge].reduce((s, b) => s + betPL(b, w), 0))
          expect(outcomes.map((o) => o.pl).sort()).toEqual([...after].sort())
          expect(pl).toBe(Math.min(...after))
          expect(Math.abs((after[0] as number) - (after[1] as number))).toBeLessThanOrEqual(
            hedge.odds / 100 + 1,
          )
        },
      ),
    )
  })

  it('a partial cash-out leaves the unhedged share of the position: the P/L gap shrinks by the share', () => {
    fc.assert(
      fc.property(
        fc.array(arbBet, { minLength: 1, maxLength: 5 }),
        tick,
        tick,
        fc.integer({ min: 1, max: 10 }).map((n) => n * 10),
        (bets, back, lay, share) => {
          const prices = [A, B].map((selectionId) => ({ selectionId, back, lay }))
          const partial = cashOut(market(prices), bets, share)
          const full = cashOut(market(prices), bets)
          if (!partial.ok) {
            expect(partial.code).toBe('CASHOUT.ALREADY_EVEN')
            return
          }
          if (!full.ok) throw new Error('a partial hedge exists, so the full one does')
          const gapOf = (extra: OddsBet[]) =>
            [...bets, ...extra].reduce((s, b) => s + betPL(b, B) - betPL(b, A), 0)
          const before = gapOf([])
          const left = gapOf([partial.value.hedge])
          // The stake is rounded to the paisa: the gap may miss its share by half the odds.
          expect(Math.abs(left - (before * (100 - share)) / 100)).toBeLessThanOrEqual(
            partial.value.hedge.odds / 200 + 1,
          )
          expect(partial.value.hedge.stake).toBeLessThanOrEqual(full.value.hedge.stake)
          expect(partial.value.value).toBe(Math.round((full.value.pl * share) / 100))
        },
      ),
    )
  })
})
