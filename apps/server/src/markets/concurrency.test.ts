import { saveBetResponse } from '@backlay/contract/bets'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, manualClock, type TestApp } from '../test/test-app'
import { call, ledgerTotal, moneyOf, newPlayer, openMarket } from './test-support'

describe('200 simultaneous bets of one user', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ clock: manualClock('2026-11-23T10:00:00Z') })
  })
  afterAll(() => t.close())

  it('never take available below zero and every accepted bet is in the ledger', async () => {
    // Four markets, so the funds check must hold across market queues, not only within one.
    const markets = [
      await openMarket(t.app, 'MATCH_ODDS', { sportId: '4' }),
      await openMarket(t.app, 'MATCH_ODDS', { sportId: '1' }),
      await openMarket(t.app, 'MATCH_ODDS', { sportId: '2' }),
      await openMarket(t.app, 'WIN'),
    ]
    // ₹20,000 of risk (200 × ₹100 backs resting at 1000) against ₹10,000: half can be accepted.
    const player = await newPlayer(t.app, { rupees: 10_000 })
    let lowest = Number.POSITIVE_INFINITY
    let running = true
    const watch = (async () => {
      while (running) {
        lowest = Math.min(lowest, (await moneyOf(t.app, player.id)).cash)
        await new Promise((r) => setTimeout(r, 20))
      }
    })()
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => {
        const market = markets[i % markets.length]
        return call(t.app, player.token, 'POST', 'bet/saveBet', {
          is_back: 1,
          market_id: market?.id,
          odds: 1000,
          selection_id: market?.runners[i % 2]?.selection_id,
          stack: 100,
        })
      }),
    )
    running = false
    await watch

    const accepted = answers.filter((a) => a.status === 200)
    const refused = answers.filter((a) => a.status !== 200)
    expect(accepted).toHaveLength(100)
    expect(refused.every((r) => r.status === 409 && r.body.msg === 'Insufficient balance')).toBe(
      true,
    )
    expect(lowest).toBeGreaterThanOrEqual(0)
    expect(await moneyOf(t.app, player.id)).toEqual({ cash: 0, exposure: 1_000_000 })

    const betIds = accepted.map((a) => saveBetResponse.parse(a.body).data.bet_id)
    const inLedger = await t.app.db
      .selectFrom('ledger_transactions')
      .select(sql<string>`jsonb_array_elements_text(metadata->'betIds')`.as('bet_id'))
      .where('kind', '=', 'bet.exposure')
      .execute()
    const ledgerIds = new Set(inLedger.map((r) => r.bet_id))
    expect(betIds.every((id) => ledgerIds.has(id))).toBe(true)
    const stored = await t.app.db
      .selectFrom('bet_orders')
      .select('id')
      .where('user_id', '=', player.id)
      .execute()
    expect(stored.map((r) => r.id).sort()).toEqual([...betIds].sort())
    expect(await ledgerTotal(t.app)).toBe(0)
  })

  it('stores bets that matched each other within one shared transaction as they ended', async () => {
    const first = await openMarket(t.app, 'MATCH_ODDS', { runners: 2 })
    const markets = [first, await openMarket(t.app, 'MATCH_ODDS', { exclude: [first.id] })]
    // Without the market maker's offers the players can only match each other.
    for (const m of markets) {
      await t.app.exchange.beforeTrade(m.id)
      await t.app.exchange.requote(m.id, [])
    }
    const layer = await newPlayer(t.app, { rupees: 100_000 })
    const backer = await newPlayer(t.app, { rupees: 100_000 })
    const bet = (who: typeof layer, i: number, isBack: 0 | 1) => {
      const market = markets[i % markets.length]
      return call(t.app, who.token, 'POST', 'bet/saveBet', {
        is_back: isBack,
        market_id: market?.id,
        odds: 2,
        selection_id: market?.runners[0]?.selection_id,
        stack: 100,
      })
    }
    // Each lay rests and the next back takes it, all sent at once.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        bet(i % 2 === 0 ? layer : backer, i >> 1, i % 2 ? 1 : 0),
      ),
    )
    expect(answers.every((a) => a.status === 200)).toBe(true)

    const orders = await t.app.db
      .selectFrom('bet_orders')
      .select(['id', 'user_id', 'matched', 'remaining', sql<string>`xmin::text`.as('tx')])
      .where('user_id', 'in', [layer.id, backer.id])
      .execute()
    const fills = await t.app.db
      .selectFrom('bet_fills')
      .select(['stake', 'back_order_id', 'lay_order_id'])
      .where(
        'market_id',
        'in',
        markets.map((m) => m.id),
      )
      .execute()
    // Every order's stored counters agree with its fills...
    const filled = new Map<string, number>()
    for (const f of fills) {
      for (const id of [f.back_order_id, f.lay_order_id])
        filled.set(id, (filled.get(id) ?? 0) + f.stake)
    }
    for (const o of orders) expect(o.matched).toBe(filled.get(o.id) ?? 0)
    // ...with the books in memory...
    for (const m of markets) {
      const view = t.app.exchange.view(m.id)
      const resting = view?.runners.flatMap((r) => r.availableToBack.map((l) => l.size)) ?? []
      const stored = orders.filter((o) => o.remaining > 0 && o.user_id === layer.id)
      expect(resting.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(
        stored.reduce((a, o) => a + o.remaining, 0),
      )
    }
    // ...and some back matched a lay written in the same transaction.
    const tx = new Map(orders.map((o) => [o.id, o.tx]))
    expect(fills.some((f) => tx.get(f.back_order_id) === tx.get(f.lay_order_id))).toBe(true)
    expect(await ledgerTotal(t.app)).toBe(0)
  })
})
