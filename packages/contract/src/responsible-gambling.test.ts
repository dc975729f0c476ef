import { describe, expect, it } from 'vitest'
import { depositLimitsRequest, selfExclusionRequest } from './responsible-gambling'
import { msg } from './test-fixtures'

describe('deposit limits', () => {
  it('orders daily ≤ weekly ≤ monthly where set; null removes a limit', () => {
    expect(
      depositLimitsRequest.safeParse({ daily: 1000, weekly: null, monthly: 5000 }).success,
    ).toBe(true)
    expect(msg(depositLimitsRequest.safeParse({ daily: 5000, weekly: 1000, monthly: null }))).toBe(
      'Daily limit cannot exceed the weekly limit',
    )
    expect(msg(depositLimitsRequest.safeParse({ daily: null, weekly: 9000, monthly: 5000 }))).toBe(
      'Weekly limit cannot exceed the monthly limit',
    )
  })
  it('self-exclusion needs the password', () => {
    expect(msg(selfExclusionRequest.safeParse({ period: '1y', password: '' }))).toBe(
      'This field is required',
    )
  })
})
