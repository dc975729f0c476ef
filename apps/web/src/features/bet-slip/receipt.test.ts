import { describe, expect, it } from 'vitest'
import { type Receipt, receiptProgress } from './receipt'

const receipt = (placed: Partial<Receipt['placed']> = {}): Receipt => ({
  betId: 'b1',
  matchId: 'm1',
  runnerName: 'India',
  marketName: 'Match Odds',
  isBack: true,
  price: 2.1,
  stake: 100,
  placed: {
    bet_id: 'b1',
    status: 'PARTIALLY_MATCHED',
    matched_stack: 40,
    unmatched_stack: 60,
    avg_odds: 2.1,
    ...placed,
  },
})

describe('receiptProgress', () => {
  it('reads the placement answer until the bet lists know the bet', () => {
    expect(receiptProgress(receipt(), undefined, undefined, false)).toEqual({
      matched: 40,
      avgOdds: 2.1,
      resting: 60,
      cancelled: 0,
    })
  })

  it('follows the lists as the rest matches', () => {
    expect(receiptProgress(receipt(), { stack: 70, odds: 2.08 }, { stack: 30 }, true)).toEqual({
      matched: 70,
      avgOdds: 2.08,
      resting: 30,
      cancelled: 0,
    })
    expect(receiptProgress(receipt(), { stack: 100, odds: 2.05 }, undefined, true)).toEqual({
      matched: 100,
      avgOdds: 2.05,
      resting: 0,
      cancelled: 0,
    })
  })

  it('counts what left the book unmatched as cancelled', () => {
    expect(receiptProgress(receipt(), undefined, undefined, true)).toEqual({
      matched: 0,
      avgOdds: null,
      resting: 0,
      cancelled: 100,
    })
    expect(receiptProgress(receipt(), { stack: 40, odds: 2.1 }, undefined, true)).toEqual({
      matched: 40,
      avgOdds: 2.1,
      resting: 0,
      cancelled: 60,
    })
    expect(
      receiptProgress(
        receipt({ status: 'UNMATCHED', matched_stack: 0, unmatched_stack: 100, avg_odds: null }),
        undefined,
        { stack: 99.5 },
        true,
      ),
    ).toEqual({ matched: 0, avgOdds: null, resting: 99.5, cancelled: 0.5 })
  })
})
