import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { MarketId, OrderId, Paise, SelectionId, UserId } from './ids'
import { oddsAtTick } from './ladder'
import { match } from './matching'
import { cancelOrder, createBook, marketView, type OrderBook, type Side } from './order-book'

/*
 * A bet after the bet delay (Betfair's rule): the player asks at the best price they saw; the
 * book moves during the delay; the bet is then placed on the moved book as it is. Whatever the
 * move, the matched part is at the asked price or better and nothing of the stake is lost.
 */

const RUNNER = 'A' as SelectionId

interface Resting {
  side: Side
  tick: number
  size: number
}

const resting: fc.Arbitrary<Resting> = fc.record({
  side: fc.constantFrom<Side>('BACK', 'LAY'),
  tick: fc.integer({ min: 80, max: 120 }),
  size: fc.integer({ min: 100, max: 20_000 }),
})

/** A book of makers' orders, each placed in turn (crossing ones match as they would). */
const bookOf = (orders: readonly Resting[]) => {
  const book = createBook('1.1' as MarketId, [RUNNER])
  const ids: OrderId[] = []
  orders.forEach((o, i) => {
    const id = `m${i}` as OrderId
    ids.push(id)
    match(
      book,
      {
        id,
        userId: `maker${i % 3}` as UserId,
        selectionId: RUNNER,
        side: o.side,
        odds: oddsAtTick(o.tick),
        size: o.size as Paise,
        persistence: 'PERSIST',
      },
      i,
    )
  })
  return { book, ids }
}

/** The price a player clicks: the best offer to back (a resting lay) or to lay (a resting back). */
const shownPrice = (book: OrderBook, side: Side) => {
  const runner = marketView(book).runners[0]
  return (side === 'BACK' ? runner?.availableToBack[0] : runner?.availableToLay[0])?.price
}

describe('a bet placed after the delay on a moved book', () => {
  it('matches only at the asked price or better, and matched + unmatched (+ cancelled for fill-or-kill) = stake', () => {
    fc.assert(
      fc.property(
        fc.array(resting, { minLength: 1, maxLength: 20 }),
        fc.array(resting, { maxLength: 20 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.constantFrom<Side>('BACK', 'LAY'),
        fc.integer({ min: 100, max: 50_000 }),
        fc.option(fc.integer({ min: 1, max: 10 })),
        (before, moves, cancels, side, stake, minFillTenths) => {
          const { book, ids } = bookOf(before)
          const asked = shownPrice(book, side)
          fc.pre(asked !== undefined)
          // The delay: some makers pull their orders, others arrive.
          for (const pick of cancels) cancelOrder(book, ids[pick % ids.length] as OrderId)
          moves.forEach((o, i) => {
            match(
              book,
              {
                id: `n${i}` as OrderId,
                userId: 'newcomer' as UserId,
                selectionId: RUNNER,
                side: o.side,
                odds: oddsAtTick(o.tick),
                size: o.size as Paise,
                persistence: 'PERSIST',
              },
              100 + i,
            )
          })
          const fillOrKill = minFillTenths !== null
          const minFill = fillOrKill ? Math.ceil((stake * minFillTenths) / 10) : 0
          const placed = match(
            book,
            {
              id: 'player-bet' as OrderId,
              userId: 'player' as UserId,
              selectionId: RUNNER,
              side,
              odds: asked as never,
              size: stake as Paise,
              persistence: 'LAPSE',
              ...(fillOrKill
                ? { timeInForce: 'FILL_OR_KILL' as const, minFillSize: minFill as Paise }
                : {}),
            },
            1_000,
          )
          if (!placed.ok) throw new Error(placed.code)
          const { fills, matched, resting: unmatched, lapsed } = placed.value
          for (const f of fills) {
            if (side === 'BACK') expect(f.odds).toBeGreaterThanOrEqual(asked as number)
            else expect(f.odds).toBeLessThanOrEqual(asked as number)
          }
          expect(fills.reduce((sum, f) => sum + f.stake, 0)).toBe(matched)
          expect(matched + unmatched + lapsed).toBe(stake)
          if (fillOrKill) {
            // Nothing rests; either nothing matched or at least the minimum did.
            expect(unmatched).toBe(0)
            expect(matched === 0 || matched >= minFill).toBe(true)
          } else {
            expect(lapsed).toBe(0)
          }
        },
      ),
      { numRuns: 500 },
    )
  })
})
