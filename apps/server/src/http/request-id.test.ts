import { saveBetResponse } from '@backlay/contract/bets'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newPlayer, openMarket } from '../markets/test-support'
import { buildTestApp, manualClock, type TestApp } from '../test/test-app'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

describe('request ids', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ clock: manualClock('2026-11-25T10:00:00Z') })
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
