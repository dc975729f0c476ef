import { saveBetResponse } from '@backlay/contract/bets'
import { casinoWalletRoutes } from '@backlay/contract/casino-wallet'
import { transactionResponse } from '@backlay/contract/deposit'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { walletCall } from '../casino/wallet-call'
import { newPlayer, openMarket } from '../markets/test-support'
import { DEV_OPERATOR } from '../seed/seed-dev-data'
import { buildTestApp, manualClock, type TestApp } from '../test/test-app'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

const SECRET = 'test-casino-wallet-secret-0123456789'
const clock = manualClock('2026-11-25T10:00:00Z')

describe('request ids', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ clock, env: { CASINO_WALLET_SECRET: SECRET } })
  })
  afterAll(() => t.close())

  /** Places a ₹100 back at 1000, which rests unmatched, as the request named `requestId`. */
  const placeAs = async (
    token: string,
    marketId: string,
    selectionId: string,
    requestId: string,
  ) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bet/saveBet',
      headers: { authorization: `Bearer ${token}`, 'x-request-id': requestId },
      payload: {
        is_back: 1,
        market_id: marketId,
        odds: 1000,
        selection_id: selectionId,
        stack: 100,
      },
    })
    expect(res.statusCode).toBe(200)
    return {
      header: res.headers['x-request-id'],
      betId: saveBetResponse.parse(res.json()).data.bet_id,
    }
  }

  /** The request id on the ledger transaction that holds a bet's exposure. */
  const ledgerRequestOf = async (betId: string) =>
    (
      await t.app.db
        .selectFrom('ledger_transactions')
        .select('request_id')
        .where('kind', '=', 'bet.exposure')
        .where(sql<boolean>`metadata->'betIds' ? ${betId}`)
        .executeTakeFirstOrThrow()
    ).request_id

  it("carries each placement's own id to the ledger row it writes, also when bets share a group transaction", async () => {
    const market = await openMarket(t.app, 'MATCH_ODDS')
    const selection = market.runners[0]?.selection_id ?? ''
    const players = await Promise.all(
      Array.from({ length: 6 }, () => newPlayer(t.app, { rupees: 1_000 })),
    )
    // Sent in the same turn: they wait for the market together and commit in one transaction.
    const placed = await Promise.all(
      players.map((p, i) => placeAs(p.token, market.id, selection, `client-req-${i}`)),
    )
    for (const [i, bet] of placed.entries()) {
      expect(bet.header).toBe(`client-req-${i}`)
      expect(await ledgerRequestOf(bet.betId)).toBe(`client-req-${i}`)
    }
  })

  it('carries the id of a cancel to the ledger row that releases the stake', async () => {
    const market = await openMarket(t.app, 'MATCH_ODDS')
    const player = await newPlayer(t.app, { rupees: 1_000 })
    const bet = await placeAs(player.token, market.id, market.runners[0]?.selection_id ?? '', 'p-1')
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bet/cancelUnmatchedBet',
      headers: { authorization: `Bearer ${player.token}`, 'x-request-id': 'c-1' },
      payload: { bet_id: bet.betId },
    })
    expect(cancel.statusCode).toBe(200)
    const released = await t.app.db
      .selectFrom('ledger_transactions')
      .select('request_id')
      .where(sql<boolean>`metadata->'cancelled' ? ${bet.betId}`)
      .executeTakeFirstOrThrow()
    expect(released.request_id).toBe('c-1')
  })

  it("answers a new id in place of a caller's id that is not a short plain token", async () => {
    const market = await openMarket(t.app, 'MATCH_ODDS')
    const player = await newPlayer(t.app, { rupees: 1_000 })
    const bet = await placeAs(
      player.token,
      market.id,
      market.runners[0]?.selection_id ?? '',
      'x y\tz'.repeat(20),
    )
    expect(bet.header).toMatch(UUID)
    expect(await ledgerRequestOf(bet.betId)).toBe(bet.header)
  })

  /** The request ids of the ledger transactions of a kind touching an account, oldest first. */
  const requestsOf = async (kind: string, accountId: string) =>
    (
      await t.app.db
        .selectFrom('ledger_transactions as tx')
        .innerJoin('ledger_entries as e', 'e.transaction_id', 'tx.id')
        .select('tx.request_id')
        .where('tx.kind', '=', kind)
        .where('e.account_id', '=', accountId)
        .orderBy('e.id')
        .execute()
    ).map((r) => r.request_id)

  it('carries the id of every other call that moves money to the ledger rows it writes', async () => {
    const operatorToken = (
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/admin/login',
          payload: { userName: DEV_OPERATOR.userName, password: DEV_OPERATOR.password },
        })
      ).json() as { data: { token: string } }
    ).data.token
    const as = (requestId: string, token: string) => ({
      authorization: `Bearer ${token}`,
      'x-request-id': requestId,
    })
    const player = await newPlayer(t.app, { rupees: 1_000 })
    const cash = `user:${player.id}:cash:real`
    await t.app.db.updateTable('users').set({ is_b2c: true }).where('id', '=', player.id).execute()

    const credited = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/players/${player.id}/adjust`,
      headers: as('adjust-1', operatorToken),
      payload: { direction: 'credit', amount: 50, reason: 'Goodwill' },
    })
    expect(credited.statusCode, credited.body).toBe(200)
    expect(await requestsOf('operator.credit', cash)).toEqual(['adjust-1'])

    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/withdrawal/request',
      headers: as('withdraw-1', player.token),
      payload: { method: 'UPI', amount: 200, upi_id: 'player@upi' },
    })
    expect(asked.statusCode, asked.body).toBe(200)
    expect(await requestsOf('payment.withdrawal.hold', cash)).toEqual(['withdraw-1'])
    const reference = transactionResponse.parse(asked.json()).data.refrenceNo
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/payments/${reference}/decision`,
      headers: as('decide-1', operatorToken),
      payload: { decision: 'REJECT' },
    })
    expect(rejected.statusCode, rejected.body).toBe(200)
    expect(await requestsOf('payment.withdrawal.release', cash)).toEqual(['decide-1'])

    const round = { playerId: player.id, gameId: 'aviator', roundId: 'r-9', transactionId: 'd-9' }
    const debit = await walletCall(
      t.app,
      clock,
      casinoWalletRoutes.debit,
      { ...round, amount: 1_000 },
      SECRET,
      { 'x-request-id': 'casino-1' },
    )
    expect(debit.statusCode, debit.body).toBe(200)
    expect(await requestsOf('casino.bet', cash)).toEqual(['casino-1'])

    const demo = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/autoDemoUserLogin',
      headers: { 'x-request-id': 'demo-1' },
    })
    expect(demo.statusCode, demo.body).toBe(200)
    const demoCredit = await t.app.db
      .selectFrom('ledger_transactions')
      .select('request_id')
      .where('kind', '=', 'demo.credit')
      .execute()
    expect(demoCredit.map((r) => r.request_id)).toContain('demo-1')

    const market = await openMarket(t.app, 'MATCH_ODDS', { runners: 2 })
    const [first, second] = market.runners
    if (!first || !second) throw new Error('expected two runners')
    const backed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bet/saveBet',
      headers: as('back-1', player.token),
      payload: {
        is_back: 1,
        market_id: market.id,
        odds: (first.back[0]?.price ?? 0) / 100,
        selection_id: first.selection_id,
        stack: 100,
      },
    })
    expect(saveBetResponse.parse(backed.json()).data.status).toBe('MATCHED')
    const declared = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/markets/${market.id}/result`,
      headers: as('declare-1', operatorToken),
      payload: { winnerSelectionId: second.selection_id },
    })
    expect(declared.statusCode, declared.body).toBe(200)
    // A lost back: the settlement releases the stake held as exposure, and moves no cash.
    expect(await requestsOf('bet.settlement', `user:${player.id}:exposure:real`)).toEqual([
      'declare-1',
    ])
    const corrected = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/markets/${market.id}/correction`,
      headers: as('correct-1', operatorToken),
      payload: { winnerSelectionId: first.selection_id, reason: 'Wrong winner keyed' },
    })
    expect(corrected.statusCode, corrected.body).toBe(200)
    expect(await requestsOf('bet.settlement.correction', cash)).toEqual(['correct-1'])
  })

  it('leaves postings made outside any request without one', async () => {
    // The test players were funded directly, as background work would post.
    const rows = await t.app.db
      .selectFrom('ledger_transactions')
      .select('request_id')
      .where('kind', '=', 'test.funding')
      .execute()
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.map((r) => r.request_id)).toEqual(rows.map(() => null))
  })
})
