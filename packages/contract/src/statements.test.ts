import { describe, expect, it } from 'vitest'
import {
  accountStatementRequest,
  accountStatementResponse,
  transferStatementRequest,
} from './statements'
import { msg } from './test-fixtures'

describe('statements', () => {
  it('default to page 1 of 50 and accept a date window with offsets', () => {
    const r = accountStatementRequest.parse({
      from_date: '2026-11-01T00:00:00+05:30',
      to_date: '2026-11-23T00:00:00+05:30',
    })
    expect([r.page, r.limit]).toEqual([1, 50])
  })
  it('refuse pages over 150 rows and unknown filters', () => {
    expect(accountStatementRequest.safeParse({ limit: 151 }).success).toBe(false)
    const r = transferStatementRequest.safeParse({ type: 'DEPOSIT' })
    expect(msg(r)).toBe('Unknown field: type')
  })
  it('parses a page of ledger-derived rows', () => {
    const row = {
      id: 'l1',
      createdAt: '2026-11-23T09:00:00Z',
      type: 'BET_SETTLEMENT',
      description: 'India v Australia / Match Odds',
      credit: 95,
      debit: 0,
      balance: 1095,
      market_id: '1.234',
      match_id: 'm1',
    }
    const r = accountStatementResponse.parse({
      status: true,
      data: { list: [row], total: 1, page: 1, limit: 50 },
    })
    expect(r.data.list[0]?.balance).toBe(1095)
  })
})
