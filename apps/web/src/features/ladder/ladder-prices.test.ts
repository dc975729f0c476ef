import { describe, expect, it } from 'vitest'
import { centreRow, LADDER_PRICES, nextMineRow, rowOf } from './ladder-prices'

describe('the ladder’s rows', () => {
  it('list every price from 1000 down to 1.01 in the spec’s steps', () => {
    expect(LADDER_PRICES[0]).toBe(1000)
    expect(LADDER_PRICES.at(-1)).toBe(1.01)
    expect(LADDER_PRICES).toHaveLength(350)
    // A few steps of betting §: below 2 by 0.01, below 3 by 0.02, below 4 by 0.05, 100+ by 10.
    for (const [price, below] of [
      [1.02, 1.01],
      [2.02, 2],
      [3.05, 3],
      [110, 100],
    ])
      expect(rowOf(price as number) + 1).toBe(rowOf(below as number))
  })

  it('open on the best price to back, else to lay, else evens', () => {
    expect(LADDER_PRICES[centreRow({ back: [{ price: 3.5, size: 10 }], lay: [] })]).toBe(3.5)
    expect(LADDER_PRICES[centreRow({ back: [], lay: [{ price: 8, size: 10 }] })]).toBe(8)
    expect(LADDER_PRICES[centreRow(undefined)]).toBe(2)
  })

  it('jump through the player’s prices and round again', () => {
    expect(nextMineRow([40, 10, 40], 0)).toBe(10)
    expect(nextMineRow([10, 40], 10)).toBe(40)
    expect(nextMineRow([10, 40], 40)).toBe(10)
    expect(nextMineRow([], 5)).toBeNull()
  })
})
