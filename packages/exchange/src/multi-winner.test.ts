import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  bestOutcome,
  betPL,
  losingPL,
  marketExposure,
  type UserOddsBet,
  worstOutcome,
} from './exposure'
import type { MarketId, Odds, Paise, SelectionId, UserId } from './ids'
import { oddsAtTick } from './ladder'
import { settleMarket, winnerPL } from './settlement'

/*
 * A market paying several selections (a race's place market): every rule of a position over sets
 * of winners, checked against listing every set.
 */

const RUNNERS = ['A', 'B', 'C', 'D', 'E'] as SelectionId[]
const [A, B, C, D] = RUNNERS as [SelectionId, SelectionId, SelectionId, SelectionId]

const bet = (selectionId: SelectionId, side: 'BACK' | 'LAY', odds: number, stake: number) => ({
  userId: 'u' as UserId,
  selectionId,
  side,
  odds: odds as Odds,
  stake: stake as Paise,
})

/** Every set of `size` of `items`. */
function subsets<T>(items: readonly T[], size: number): T[][] {
  if (size === 0) return [[]]
  if (items.length < size) return []
  const [first, ...rest] = items as [T, ...T[]]
  return [...subsets(rest, size - 1).map((s) => [first, ...s]), ...subsets(rest, size)]
}

/** A set of winners' P/L, straight from the bets. */
const setPL = (bets: readonly UserOddsBet[], winners: readonly SelectionId[]) =>
  bets.reduce(
    (sum, b) => sum + (winners.includes(b.selectionId) ? betPL(b, b.selectionId) : losingPL(b)),
    0,
  )

const anyBet = fc
  .record({
    selection: fc.constantFrom(...RUNNERS),
    side: fc.constantFrom<'BACK' | 'LAY'>('BACK', 'LAY'),
    tick: fc.integer({ min: 0, max: 200 }),
    stake: fc.integer({ min: 1, max: 1_000_000 }),
  })
  .map((b) => bet(b.selection, b.side, oddsAtTick(b.tick), b.stake))

describe('markets with several winners', () => {
  it('back ₹20 at 3.50 to be placed: lost if unplaced, won with any other placed runners', () => {
    const bets = [bet(A, 'BACK', 350, 2000)]
    const { exposure } = marketExposure(RUNNERS.slice(0, 3), bets, [], 2)
    expect(exposure).toBe(2000)
    expect(worstOutcome([5000, -2000, -2000], -2000, 2)).toBe(-2000)
    expect(bestOutcome([5000, -2000, -2000], -2000, 2)).toBe(5000)
    // Backing two runners to be placed in a 2-place race can win on both at once.
    const two = [bet(A, 'BACK', 300, 1000), bet(B, 'BACK', 300, 1000)]
    expect(winnerPL(two, [A, B], 2)).toBe(4000)
    // As a win market, a two-way dead heat: each half won (+₹10) and half lost (−₹5).
    expect(winnerPL(two, [A, B], 1)).toBe(1000)
  })

  it('the worst and best outcomes are those of listing every set of winners it can pay', () => {
    fc.assert(
      fc.property(
        fc.array(anyBet, { maxLength: 12 }),
        fc.integer({ min: 1, max: RUNNERS.length }),
        (bets, winners) => {
          const pl = RUNNERS.map((s) => bets.reduce((sum, b) => sum + betPL(b, s), 0))
          const none = bets.reduce((sum, b) => sum + losingPL(b), 0)
          // One winner at least, and up to the places (fewer finish than there are places).
          const sets = Array.from({ length: winners }, (_, n) => subsets(RUNNERS, n + 1)).flat()
          const all = sets.map((w) => setPL(bets, w))
          expect(worstOutcome(pl, none, winners)).toBe(Math.min(...all))
          expect(bestOutcome(pl, none, winners)).toBe(Math.max(...all))
          expect(marketExposure(RUNNERS, bets, [], winners).exposure).toBe(
            Math.max(0, -Math.min(...all)),
          )
        },
      ),
      { numRuns: 300 },
    )
  })

  it('settling pays every placed runner in full, never beyond what the position held', () => {
    fc.assert(
      fc.property(
        fc.array(anyBet, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 4 }),
        fc.shuffledSubarray(RUNNERS, { minLength: 1, maxLength: RUNNERS.length }),
        (bets, places, placed) => {
          const settled = settleMarket({
            marketId: '1.9' as MarketId,
            alreadySettled: false,
            result: {
              kind: 'WINNER',
              selectionId: placed[0] as SelectionId,
              deadHeatWith: placed.slice(1),
            },
            market: { kind: 'ODDS', selectionIds: RUNNERS, bets, winners: places },
            commissionBps: 0,
            accounts: { house: 'house', commission: 'commission', user: (u) => `user:${u}` },
          })
          if (!settled.ok) throw new Error(settled.code)
          const [user] = settled.value.users
          if (!user) throw new Error('no user')
          if (placed.length <= places) expect(user.pl).toBe(setPL(bets, placed))
          expect(-user.pl).toBeLessThanOrEqual(user.releasedExposure)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('more winners than places share the places: each paid on its share of the stake', () => {
    // Three runners dead-heat for the last two places of a 2-place market... all three placed.
    const bets = [bet(C, 'BACK', 400, 3000)]
    // C is paid on 2/3 of ₹30 at 4.00 (+₹60) and loses 1/3 (−₹10): +₹50.
    expect(winnerPL(bets, [B, C, D], 2)).toBe(5000)
    expect(winnerPL(bets, [B, C], 2)).toBe(9000)
  })
})
