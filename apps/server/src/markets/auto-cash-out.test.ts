import { autoCashOutResponse, saveBetResponse } from '@backlay/contract/bets'
import { autoCashOutMessage } from '@backlay/contract/stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, manualClock, type TestApp } from '../test/test-app'
import { createTestDatabase, type TestDatabase } from '../test/test-database'
import { AutoCashOuts } from './auto-cash-out'
import { traderOf } from './bet-http'
import { call, newPlayer, openMarket } from './test-support'

type Market = Awaited<ReturnType<typeof openMarket>>

describe('automatic cash-out', () => {
  let database: TestDatabase
  let t: TestApp
  const clock = manualClock(new Date().toISOString())
  const used: string[] = []
  beforeAll(async () => {
    database = await createTestDatabase()
    t = await buildTestApp({ database, clock })
  })
  afterAll(async () => {
    await t.close()
    await database.drop()
  })

  /** A player backed at the best price on a two-runner match odds market of their own. */
  async function backedPosition() {
    // A runner priced on both sides at 1.50 or more, so that a lay at 1.01 locks in well over
    // the ₹20 targets; a nearly decided match prices only one side of its favourite.
    const priced = (m: Market) => m.runners.find((r) => r.lay[0] && (r.back[0]?.price ?? 0) >= 150)
    let market = await openMarket(t.app, 'MATCH_ODDS', { runners: 2, exclude: used, prePlay: true })
    let runner = priced(market)
    while (!runner) {
      used.push(market.id)
      market = await openMarket(t.app, 'MATCH_ODDS', { runners: 2, exclude: used, prePlay: true })
      runner = priced(market)
    }
    used.push(market.id)
    const player = await newPlayer(t.app, { rupees: 1_000 })
    const placed = await call(t.app, player.token, 'POST', 'bet/saveBet', {
      is_back: 1,
      market_id: market.id,
      odds: (runner.back[0]?.price ?? 0) / 100,
      selection_id: runner.selection_id,
      stack: 100,
    })
    expect(saveBetResponse.parse(placed.body).data.status).toBe('MATCHED')
    const messages: unknown[] = []
    t.app.bus.subscribe(`user:${player.id}`, (m) => {
      if ((m as { type: string }).type === 'autoCashOut') messages.push(autoCashOutMessage.parse(m))
    })
    return { market, runner, player, messages }
  }
  type Position = Awaited<ReturnType<typeof backedPosition>>

  const setRule = (p: Position, rule: { profitTarget?: number; lossLimit?: number }) =>
    call(t.app, p.player.token, 'POST', 'exchange/order/autoCashOut', {
      marketId: p.market.id,
      ...rule,
    })
  const ruleOf = async (p: Position) =>
    autoCashOutResponse.parse(
      (
        await call(
          t.app,
          p.player.token,
          'GET',
          `exchange/order/autoCashOut?marketId=${p.market.id}`,
        )
      ).body,
    ).data
  /** The market maker offers a lay of the runner at 1.01: cashing the back out now wins. */
  const priceJumps = (p: Position) =>
    t.app.exchange.requote(p.market.id, [
      { selectionId: p.runner.selection_id, side: 'BACK', odds: 101, stake: 50_000_00 },
    ])
  const cashOuts = async (p: Position) =>
    (
      await t.app.db
        .selectFrom('bet_orders')
        .select('id')
        .where('user_id', '=', p.player.id)
        .where('market_id', '=', p.market.id)
        .where('side', '=', 'LAY')
        .execute()
    ).length

  it('cashes out once when the price crosses the profit target, and tells the player', async () => {
    const p = await backedPosition()
    const set = await setRule(p, { profitTarget: 20, lossLimit: 500 })
    expect(set).toMatchObject({ status: 200, body: { msg: 'Automatic cash-out set.' } })
    await t.app.autoCashOuts.idle()
    expect(await ruleOf(p)).toMatchObject({ state: 'ACTIVE', profitTarget: 20, lossLimit: 500 })
    expect(await cashOuts(p)).toBe(0)

    await priceJumps(p)
    await t.app.autoCashOuts.idle()
    expect(await ruleOf(p)).toMatchObject({ state: 'DONE', msg: 'Automatic cash-out done.' })
    expect(await cashOuts(p)).toBe(1)
    expect(p.messages).toEqual([
      {
        type: 'autoCashOut',
        market_id: p.market.id,
        state: 'DONE',
        msg: 'Automatic cash-out done.',
      },
    ])
    const position = await t.app.exchange.positionIn(p.player.id, p.market.id)
    const [a = 0, b = 0] = position?.pl ?? []
    expect(Math.abs(a - b)).toBeLessThanOrEqual(101)
    expect(Math.min(a, b)).toBeGreaterThanOrEqual(20_00)

    // Done is done: more price moves change nothing.
    await priceJumps(p)
    await t.app.autoCashOuts.check(p.market.id)
    await t.app.autoCashOuts.idle()
    expect(await cashOuts(p)).toBe(1)
  })

  it('fires at most once when two processes see the same price move', async () => {
    const p = await backedPosition()
    await setRule(p, { profitTarget: 20 })
    await t.app.autoCashOuts.idle()
    const other = new AutoCashOuts(
      t.app.db,
      clock,
      t.app.bus,
      t.app.exchange,
      (userId) => traderOf(t.app, userId),
      t.app.log,
    )
    await priceJumps(p)
    await Promise.all([other.check(p.market.id), t.app.autoCashOuts.check(p.market.id)])
    await Promise.all([other.idle(), t.app.autoCashOuts.idle()])
    await other.stop()
    expect(await cashOuts(p)).toBe(1)
    expect(await ruleOf(p)).toMatchObject({ state: 'DONE' })
  })

  it('is ended by a manual cash-out and by a suspension', async () => {
    const manual = await backedPosition()
    await setRule(manual, { lossLimit: 900 })
    const res = await call(
      t.app,
      manual.player.token,
      'GET',
      `exchange/order/cashout?marketId=${manual.market.id}`,
    )
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(await ruleOf(manual)).toMatchObject({
      state: 'CANCELLED',
      msg: 'Automatic cash-out cancelled: you cashed out yourself.',
    })

    const suspended = await backedPosition()
    await setRule(suspended, { lossLimit: 900 })
    t.app.exchange.publishStatus(suspended.market.id, { status: 'SUSPENDED' })
    await expect.poll(async () => (await ruleOf(suspended))?.state).toBe('CANCELLED')
    // The player is told once the rule is ended in the store, a moment after it.
    await expect
      .poll(() => suspended.messages)
      .toEqual([
        {
          type: 'autoCashOut',
          market_id: suspended.market.id,
          state: 'CANCELLED',
          msg: 'Automatic cash-out cancelled: the market was suspended.',
        },
      ])
  })

  it('refuses a rule without a trigger, and where cash-out is not offered', async () => {
    const p = await backedPosition()
    const none = await setRule(p, {})
    expect(none.status).toBe(400)
    expect(none.body.msg).toMatch(/Set a profit target, a loss limit or both\./)
    const three = await openMarket(t.app, 'MATCH_ODDS', { runners: 3 })
    const res = await call(t.app, p.player.token, 'POST', 'exchange/order/autoCashOut', {
      marketId: three.id,
      profitTarget: 10,
    })
    expect(res).toMatchObject({
      status: 409,
      body: { msg: 'Cash-out is not available for this market' },
    })
  })

  it('outlasts a restart', async () => {
    const p = await backedPosition()
    await setRule(p, { profitTarget: 20 })
    await t.app.autoCashOuts.idle()
    await t.close()
    t = await buildTestApp({ database, clock })
    // The new process quotes the market from the feed first, as its first read would.
    await t.app.exchange.beforeTrade(p.market.id)
    await priceJumps(p)
    await expect.poll(async () => (await ruleOf(p))?.state, { timeout: 10_000 }).toBe('DONE')
    expect(await cashOuts(p)).toBe(1)
  })
})
