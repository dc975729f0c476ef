import { describe, expect, it } from 'vitest'
import { bonusListResponse, bonusStatementRequest } from './bonus'
import { msg } from './test-fixtures'

describe('bonuses', () => {
  it('parses an active deposit-match bonus with its wagering progress', () => {
    const b = {
      id: 'b1',
      name: 'Welcome 100%',
      kind: 'DEPOSIT_MATCH',
      walletType: 'sports_bonus',
      amount: 1000,
      wageringRequired: 10000,
      wageringCompleted: 2500,
      status: 'ACTIVE',
      awardedAt: '2026-11-20T10:00:00Z',
      expiresAt: '2026-12-20T10:00:00Z',
    }
    expect(bonusListResponse.parse({ status: true, data: [b] }).data[0]?.wageringCompleted).toBe(
      2500,
    )
  })
  it('the statement pages like the other statements', () => {
    expect(bonusStatementRequest.parse({}).limit).toBe(50)
    expect(msg(bonusStatementRequest.safeParse({ kind: 'x' }))).toBe('Unknown field: kind')
  })
})
