import { describe, expect, it } from 'vitest'
import { checkStakeEdit } from './stake-form'

const player = { loggedIn: true, demo: false }

describe('checkStakeEdit', () => {
  it('accepts whole rupees', () => {
    expect(checkStakeEdit(['100', '2000'], player)).toEqual({ stakes: [100, 2000] })
  })
  it("rejects 1.5 with 'Please enter a valid integer.'", () => {
    expect(checkStakeEdit(['100', '1.5'], player)).toEqual({
      error: 'Please enter a valid integer.',
    })
  })
  it('rejects more than 1,00,00,000 and a second maximum', () => {
    expect(checkStakeEdit(['10000001'], player)).toEqual({
      error: 'Value cannot exceed 1,00,00,000.',
    })
    expect(checkStakeEdit(['10000000', '10000000'], player)).toEqual({
      error: 'Only one value can be 1,00,00,000.',
    })
  })
  it('refuses guests and demo players first', () => {
    expect(checkStakeEdit(['100'], { loggedIn: false, demo: false })).toEqual({
      error: 'Please Login In to Change Stakes',
    })
    expect(checkStakeEdit(['100'], { loggedIn: true, demo: true })).toEqual({
      error: 'Please login from your read ID.',
    })
  })
})
