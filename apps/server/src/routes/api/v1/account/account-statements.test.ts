import { accountStatementResponse, transferStatementResponse } from '@backlay/contract/statements'
import { MSG } from '@backlay/contract/validation-messages'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HOUSE_CASH, postTransaction, userCashAccountId } from '../../../../ledger/ledger'
import { callApi, loginAs } from '../../../../test/session-helpers'
import { buildTestApp, manualClock, type TestApp } from '../../../../test/test-app'

describe('statement calls', () => {
  const clock = manualClock('2026-11-23T10:00:00Z')
  let t: TestApp
  let demo1: Awaited<ReturnType<typeof loginAs>>
  beforeAll(async () => {
    t = await buildTestApp({ clock, env: { FEED: 'off' } })
    demo1 = await loginAs(t.app, 'demo1', 'Password1')
  })
  afterAll(() => t.close())

  const api = (method: 'GET' | 'POST', url: string, body: unknown, token: string) =>
    callApi(t.app, method, `/api/v1/${url}`, { body, token })

  describe('statements', () => {
    it('derives the account and transfer statements from ledger rows, paginated and dated', async () => {
      const cash = userCashAccountId(demo1.userId)
      for (const [kind, amount, memo] of [
        ['operator.credit', 5_000_00, 'Top-up'],
        ['operator.debit', -1_250_50, 'Payout'],
        ['casino.bet', -100_00, 'Aviator round'],
      ] as const) {
        const posted = await postTransaction(t.app.db, {
          kind,
          book: 'real',
          memo,
          legs: [
            { accountId: HOUSE_CASH.real, amount: -amount },
            { accountId: cash, amount },
          ],
        })
        expect(posted.ok).toBe(true)
      }
      const page1 = accountStatementResponse.parse(
        (await api('POST', 'account/statement', { page: 1, limit: 2 }, demo1.token)).json(),
      ).data
      expect(page1.total).toBe(4)
      expect(page1.list.map((r) => [r.type, r.credit, r.debit, r.balance])).toEqual([
        ['CASINO', 0, 100, 103649.5],
        ['TRANSFER', 0, 1250.5, 103749.5],
      ])
      const page2 = (
        await api('POST', 'account/statement', { page: 2, limit: 2 }, demo1.token)
      ).json().data
      expect(page2.list.map((r: { description: string }) => r.description)).toEqual([
        'Top-up',
        'Development funds',
      ])
      const future = (
        await api('POST', 'account/statement', { from_date: '2099-01-01T00:00:00Z' }, demo1.token)
      ).json().data
      expect(future).toMatchObject({ list: [], total: 0 })
      const bad = await api(
        'POST',
        'account/statement',
        { from_date: '2026-02-01T00:00:00Z', to_date: '2026-01-01T00:00:00Z' },
        demo1.token,
      )
      expect(bad.json().msg).toContain(MSG.dateRange)
      const byType = (
        await api('POST', 'account/statement', { type: 'CASINO' }, demo1.token)
      ).json().data
      expect(byType.total).toBe(1)

      const details = await api(
        'POST',
        'account/statement/details',
        { id: page1.list[0]?.id },
        demo1.token,
      )
      expect(details.json().data.legs).toEqual([
        { account: 'house.cash', amount: 100, memo: 'Aviator round' },
        { account: 'your user.cash', amount: -100, memo: 'Aviator round' },
      ])
      const someoneElse = await loginAs(t.app, 'demo2', 'Password1')
      const hidden = await api(
        'POST',
        'account/statement/details',
        { id: page1.list[0]?.id },
        someoneElse.token,
      )
      expect(hidden.statusCode).toBe(404)

      const transfers = transferStatementResponse.parse(
        (await api('POST', 'account/transfer-statement', {}, demo1.token)).json(),
      ).data
      expect(transfers.list.map((r) => [r.direction, r.amount, r.counterparty])).toEqual([
        ['out', 1250.5, 'Operator'],
        ['in', 5000, 'Operator'],
        ['in', 100000, 'House'],
      ])
      const pl = await api('POST', 'account/profit-loss', {}, demo1.token)
      expect(pl.json().data).toMatchObject({ list: [], total: 0 })
    })
  })
})
