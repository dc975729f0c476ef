import { describe, expect, it } from 'vitest'
import { balanceResponse, switchWalletQuery } from './balance'
import { failure } from './envelope'

describe('balance', () => {
  it('parses balance and liability in rupees, and the logout failure', () => {
    expect(
      balanceResponse.parse({ status: true, data: { balance: 1500.5, liability: 200 } }).data
        .balance,
    ).toBe(1500.5)
    expect(
      balanceResponse.safeParse({ status: true, data: { balance: 1.005, liability: 0 } }).success,
    ).toBe(false)
    expect(failure.parse({ status: false, msg: 'Session expired', logout: true }).logout).toBe(true)
  })
  it('switch-wallet query turns the text flag into a boolean', () => {
    expect(
      switchWalletQuery.parse({ useBonusWallet: 'true', walletCode: 'casino_bonus' })
        .useBonusWallet,
    ).toBe(true)
    expect(switchWalletQuery.safeParse({ useBonusWallet: 'yes', walletCode: 'main' }).success).toBe(
      false,
    )
  })
})
