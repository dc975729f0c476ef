import { randomUUID } from 'node:crypto'
import { bonusListResponse, bonusStatementResponse } from '@backlay/contract/bonus'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postTransaction } from '../../../../ledger/ledger'
import { DEV_WELCOME_BONUS } from '../../../../seed/seed-dev-data'
import { callApi, loginAs } from '../../../../test/session-helpers'
import { buildTestApp, type TestApp } from '../../../../test/test-app'
import { bonusAccountId } from '../../../../use-cases/account-reads'
import { awardBonus } from '../../../../use-cases/bonuses'

describe('bonus/list and bonus/statement', () => {
  let t: TestApp
  let token: string
  let userId: string
  const list = (body: unknown = {}, auth = token) =>
    callApi(t.app, 'POST', '/api/v1/bonus/list', { token: auth, body })
  const statement = (body: unknown = {}, auth = token) =>
    callApi(t.app, 'POST', '/api/v1/bonus/statement', { token: auth, body })
  let awarded = 0
  const award = (name: string, amount: number, walletType: 'sports_bonus' | 'casino_bonus') => {
    awarded += 1
    return awardBonus(t.app.db, {
      id: randomUUID(),
      userId,
      book: 'real',
      name,
      kind: 'FREE_BET',
      walletType,
      amount,
      wageringRequired: amount * 3,
      // A minute apart, so "newest first" never depends on two awards in one millisecond.
      awardedAt: new Date(Date.parse('2026-11-01T00:00:00Z') + awarded * 60_000),
      expiresAt: new Date('2027-01-01T00:00:00Z'),
    })
  }

  beforeAll(async () => {
    t = await buildTestApp({ env: { FEED: 'off' } })
    ;({ token, userId } = await loginAs(t.app, 'demo2', 'Password1'))
  })
  afterAll(() => t.close())

  it("lists demo1's seeded welcome bonus with its wagering target", async () => {
    const demo1 = await loginAs(t.app, 'demo1', 'Password1')
    const res = await list({}, demo1.token)
    expect(res.statusCode).toBe(200)
    expect(bonusListResponse.parse(res.json()).data).toEqual([
      expect.objectContaining({
        id: DEV_WELCOME_BONUS.id,
        name: 'Welcome bonus',
        kind: 'DEPOSIT_MATCH',
        walletType: 'sports_bonus',
        amount: 1000,
        wageringRequired: 5000,
        wageringCompleted: 0,
        status: 'ACTIVE',
        expiresAt: null,
      }),
    ])
    const rows = bonusStatementResponse.parse((await statement({}, demo1.token)).json()).data
    expect(rows.list.map((r) => [r.bonus_id, r.credit, r.balance])).toEqual([
      [DEV_WELCOME_BONUS.id, 1000, 1000],
    ])
  })

  it('shows awarded bonuses newest first and filters by status', async () => {
    expect(bonusListResponse.parse((await list()).json()).data).toEqual([])
    await award('Free bet', 25_000, 'sports_bonus')
    await award('Casino spins', 10_000, 'casino_bonus')
    const all = bonusListResponse.parse((await list()).json()).data
    expect(all.map((b) => [b.name, b.amount, b.wageringRequired, b.expiresAt])).toEqual([
      ['Casino spins', 100, 300, '2027-01-01T00:00:00.000Z'],
      ['Free bet', 250, 750, '2027-01-01T00:00:00.000Z'],
    ])
    expect(bonusListResponse.parse((await list({ status: 'ACTIVE' })).json()).data).toHaveLength(2)
    expect(bonusListResponse.parse((await list({ status: 'EXPIRED' })).json()).data).toEqual([])
  })

  it('keeps a running balance per bonus wallet and pages with the full count', async () => {
    await award('Second free bet', 5_000, 'sports_bonus')
    // A stake taken from the bonus wallet shows as a debit.
    const staked = await postTransaction(t.app.db, {
      kind: 'bonus.stake',
      book: 'real',
      memo: 'Bonus stake',
      legs: [
        { accountId: bonusAccountId(userId, 'sports_bonus'), amount: -10_000 },
        { accountId: 'house:cash:real', amount: 10_000 },
      ],
    })
    expect(staked.ok).toBe(true)
    const page = bonusStatementResponse.parse((await statement()).json()).data
    expect(page.total).toBe(4)
    expect(page.list.map((r) => [r.description, r.credit, r.debit, r.balance])).toEqual([
      ['Bonus stake', 0, 100, 200],
      ['Second free bet', 50, 0, 300],
      ['Casino spins', 100, 0, 100],
      ['Free bet', 250, 0, 250],
    ])
    const second = bonusStatementResponse.parse((await statement({ page: 2, limit: 3 })).json())
    expect(second.data).toMatchObject({ total: 4, page: 2, limit: 3 })
    expect(second.data.list.map((r) => r.description)).toEqual(['Free bet'])
    const past = bonusStatementResponse.parse((await statement({ page: 9, limit: 3 })).json())
    expect(past.data).toMatchObject({ total: 4, list: [] })
    const future = await statement({ from_date: '2099-01-01T00:00:00Z' })
    expect(bonusStatementResponse.parse(future.json()).data).toMatchObject({ total: 0, list: [] })
  })

  it('keeps bonus money out of the main balance', async () => {
    const res = await callApi(t.app, 'POST', '/api/v1/user/getBalanceCRef', { token, body: {} })
    expect(res.json().data.balance).toBe(100_000)
  })

  it('answers 401 without a session and 400 with a readable msg for bad bodies', async () => {
    expect((await list({}, '')).statusCode).toBe(401)
    expect((await statement({}, '')).statusCode).toBe(401)
    const bad = await list({ status: 'LOST' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ status: false })
    expect(bad.json().msg).toEqual(expect.any(String))
    const window = await statement({
      from_date: '2026-11-02T00:00:00Z',
      to_date: '2026-11-01T00:00:00Z',
    })
    expect(window.statusCode).toBe(400)
  })
})
