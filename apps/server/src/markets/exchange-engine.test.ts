import { saveBetResponse } from '@backlay/contract/bets'
import {
  balanceMessage,
  orderMessage,
  positionMessage,
  pricesMessage,
  statusMessage,
  tradesMessage,
} from '@backlay/contract/stream'
import { afterAll, describe, expect, it } from 'vitest'
import { buildTestApp, manualClock } from '../test/test-app'
import { createTestDatabase, type TestDatabase } from '../test/test-database'
import { startSession } from '../use-cases/sessions'
import { call, ledgerTotal, moneyOf, newPlayer, openMarket } from './test-support'

const waitFor = async (check: () => Promise<boolean>, ms = 20_000) => {
  const until = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe('the live exchange across a restart and the feed', () => {
  let database: TestDatabase
  afterAll(async () => {
    await database?.drop()
  })

  it('streams changes, rebuilds books after a restart, and settles what the feed closes', async () => {
    database = await createTestDatabase()
    const clock = manualClock('2026-11-23T10:00:00Z')
    const first = await buildTestApp({ database, clock })
    const market = await openMarket(first.app, 'MATCH_ODDS')
    const runner = market.runners[0]
    const player = await newPlayer(first.app, { rupees: 1_000 })

    const marketMessages: unknown[] = []
    const userMessages: { type: string }[] = []
    first.app.bus.subscribe(`market:${market.id}`, (m) => marketMessages.push(m))
    first.app.bus.subscribe(`user:${player.id}`, (m) => userMessages.push(m as { type: string }))

    const matched = await call(first.app, player.token, 'POST', 'bet/saveBet', {
      is_back: 1,
      market_id: market.id,
      odds: (runner?.back[0]?.price ?? 0) / 100,
      selection_id: runner?.selection_id,
      stack: 100,
    })
    const resting = await call(first.app, player.token, 'POST', 'bet/saveBet', {
      is_back: 1,
      market_id: market.id,
      odds: 1000,
      selection_id: runner?.selection_id,
      stack: 50,
    })
    const restingId = saveBetResponse.parse(resting.body).data.bet_id
    expect(saveBetResponse.parse(matched.body).data.status).toBe('MATCHED')

    // Prices and the match (trades) share the market's numbering.
    const numbered = marketMessages.map((m) => pricesMessage.or(tradesMessage).parse(m))
    expect(numbered.map((p) => p.seq)).toEqual(numbered.map((_, i) => i + 1))
    expect(numbered.filter((m) => m.type === 'trades')).toHaveLength(1)
    expect(first.app.books.sequence(market.id)).toBe(numbered.length)
    await waitFor(async () => userMessages.filter((m) => m.type === 'order').length >= 2)
    const orders = userMessages.filter((m) => m.type === 'order').map((m) => orderMessage.parse(m))
    expect(orders.map((o) => o.status)).toEqual(['MATCHED', 'UNMATCHED'])
    expect(
      userMessages.filter((m) => m.type === 'position').map((m) => positionMessage.parse(m)),
    ).toHaveLength(2)
    const balances = userMessages
      .filter((m) => m.type === 'balance')
      .map((m) => balanceMessage.parse(m))
    expect(balances.at(-1)).toEqual({ type: 'balance', balance: 850, liability: 150 })

    const viewBefore = first.app.books.view(market.id)
    await first.close()

    // A new process on the same store: the resting order is back on the book, the position too.
    const second = await buildTestApp({ database, clock })
    second.app.books.view(market.id)
    await waitFor(async () => second.app.books.view(market.id) !== undefined)
    expect(second.app.books.view(market.id)?.runners[0]?.availableToLay).toEqual(
      viewBefore?.runners[0]?.availableToLay,
    )
    const unmatched = await call(second.app, player.token, 'POST', 'bet/unmatchedBets', {})
    expect((unmatched.body.data as { bet_id: string }[]).map((b) => b.bet_id)).toEqual([restingId])

    // The feed closes the market with its result a day later; the settlement job settles it.
    const statuses: unknown[] = []
    second.app.bus.subscribe(`market:${market.id}`, (m) => statuses.push(m))
    clock.advance(36 * 3_600_000)
    await second.app.feed?.tick()
    await waitFor(async () =>
      Boolean(
        await second.app.db
          .selectFrom('market_settlements')
          .select('market_id')
          .where('market_id', '=', market.id)
          .executeTakeFirst(),
      ),
    )
    await second.app.exchange.idle()
    // The stream's hub numbers every message; producers may leave seq out. The feed publisher
    // announces the closure; settlement must not send it a second time.
    const closedMessages = statuses
      .filter((m) => (m as { type: string }).type === 'status')
      .map((m) => statusMessage.partial({ seq: true }).parse(m))
    expect(closedMessages.filter((m) => m.status === 'CLOSED')).toHaveLength(1)
    // A day and a half later the first session has expired: log in again.
    const session = await startSession(second.app.db, second.app.tokens, {
      id: player.id,
      brand_id: 'localhost',
      role: 'player',
    })
    const settled = await call(second.app, session.token, 'POST', 'bet/settledBets', {})
    expect((settled.body.data as { total: number }).total).toBe(1)
    expect((await moneyOf(second.app, player.id)).exposure).toBe(0)
    expect(await ledgerTotal(second.app)).toBe(0)
    await second.close()
  }, 240_000)
})
