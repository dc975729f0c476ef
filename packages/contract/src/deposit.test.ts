import { describe, expect, it } from 'vitest'
import { depositRequest, transactionsRequest, withdrawalRequest } from './deposit'
import { msg } from './test-fixtures'

describe('deposit request', () => {
  it('takes amount and a 12-digit UPI reference', () => {
    expect(depositRequest.parse({ amount: 500, method: 'UPI', utr: '412345678901' }).utr).toBe(
      '412345678901',
    )
    expect(msg(depositRequest.safeParse({ amount: 500, method: 'UPI', utr: '4123' }))).toBe(
      'UPI reference must be 12 digits',
    )
  })
  it('bank references are 12–22 letters or digits, upper-cased', () => {
    expect(depositRequest.parse({ amount: 500, method: 'BANK', utr: 'hdfcn52026112300' }).utr).toBe(
      'HDFCN52026112300',
    )
  })
  it('amount bounds are written in Indian grouping', () => {
    expect(msg(depositRequest.safeParse({ amount: 99, method: 'UPI', utr: '412345678901' }))).toBe(
      'Amount must be at least 100',
    )
    expect(
      msg(depositRequest.safeParse({ amount: 1_000_001, method: 'UPI', utr: '412345678901' })),
    ).toBe('Amount cannot exceed 10,00,000')
  })
})

describe('withdrawal request', () => {
  it('UPI needs a UPI id; bank needs account number and IFSC', () => {
    expect(
      withdrawalRequest.safeParse({ method: 'UPI', amount: 1000, upi_id: 'ravi@okbank' }).success,
    ).toBe(true)
    expect(msg(withdrawalRequest.safeParse({ method: 'UPI', amount: 1000, upi_id: 'ravi' }))).toBe(
      'Enter a valid UPI ID',
    )
    const bank = {
      method: 'BANK',
      amount: 1000,
      account_holder: 'Ravi K',
      account_number: '123456789012',
      ifsc: 'hdfc0001234',
    }
    expect(withdrawalRequest.parse(bank)).toMatchObject({ ifsc: 'HDFC0001234' })
    expect(msg(withdrawalRequest.safeParse({ ...bank, ifsc: 'HDFC1234' }))).toBe(
      'Enter a valid IFSC code',
    )
    expect(msg(withdrawalRequest.safeParse({ ...bank, upi_id: 'x@y' }))).toBe(
      'Unknown field: upi_id',
    )
  })
})

describe('transactions list', () => {
  it('filters by type and status', () => {
    expect(transactionsRequest.parse({ type: 'DEPOSIT', status: 'PENDING' }).page).toBe(1)
    expect(transactionsRequest.safeParse({ status: 'LOST' }).success).toBe(false)
  })
})
