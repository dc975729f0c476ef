import { adminLoginResponse, auditResponse, brandResponse } from '@backlay/contract/admin'
import { accountStatementReport, marketBook } from '@backlay/contract/betfair-api'
import {
  cancelExecutionReport,
  clearedOrderSummaryReport,
  currentOrderSummaryReport,
  marketProfitAndLoss,
  placeExecutionReport,
  replaceExecutionReport,
  updateExecutionReport,
} from '@backlay/contract/betfair-orders'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { declareResult } from '../markets/settlement'
import { call, openMarket } from '../markets/test-support'
import { type BetfairApiClient, signedInClient } from '../test/betfair-api-client'
import { buildTestApp, type TestApp } from '../test/test-app'

/*
 * Changing and reading back orders through the trading API (replace, update, P/L, cleared), and
 * the operator's switches that let a player use the API at all.
 */

describe('trading API orders after placing', () => {
  let t: TestApp
  let client: BetfairApiClient
  beforeAll(async () => {
    t = await buildTestApp()
    client = (await signedInClient(t.app, 10_000)).client
  })
  afterAll(() => t.close())

  const place = (marketId: string, instructions: object[]) =>
    client.rpc('SportsAPING/v1.0/placeOrders', { marketId, instructions }, placeExecutionReport)
  const limit = (selectionId: number, side: 'BACK' | 'LAY', price: number, size = 100) => ({
    orderType: 'LIMIT',
    selectionId,
    side,
    limitOrder: { size, price, persistenceType: 'LAPSE' },
  })

  it('replaces a resting bet at a new price, keeps its size and references, and changes its persistence', async () => {
    const market = await openMarket(t.app, 'MATCH_ODDS', { sportId: '4', prePlay: true })
    const selectionId = Number(market.runners[0]?.selection_id)
    const placed = await client.rpc(
      'SportsAPING/v1.0/placeOrders',
      {
        marketId: market.id,
        customerStrategyRef: 'scalper-1',
        instructions: [{ ...limit(selectionId, 'LAY', 1.01), customerOrderRef: 'my-order-7' }],
      },
      placeExecutionReport,
    )
    const [resting] = placed.instructionReports
    expect(resting?.instruction.customerOrderRef).toBe('my-order-7')
    const persisted = await client.rpc(
      'SportsAPING/v1.0/updateOrders',
      {
        marketId: market.id,
        instructions: [{ betId: resting?.betId, newPersistenceType: 'PERSIST' }],
      },
      updateExecutionReport,
    )
    expect(persisted).toMatchObject({
      status: 'SUCCESS',
      instructionReports: [{ status: 'SUCCESS' }],
    })
    const replaced = await client.rpc(
      'SportsAPING/v1.0/replaceOrders',
      { marketId: market.id, instructions: [{ betId: resting?.betId, newPrice: 1.02 }] },
      replaceExecutionReport,
    )
    const [report] = replaced.instructionReports
    expect(report).toMatchObject({
      status: 'SUCCESS',
      cancelInstructionReport: { status: 'SUCCESS', sizeCancelled: 100 },
      placeInstructionReport: { status: 'SUCCESS', orderStatus: 'EXECUTABLE' },
    })
    const newBet = report?.placeInstructionReport?.betId
    const current = await client.rpc(
      'SportsAPING/v1.0/listCurrentOrders',
      { betIds: [newBet] },
      currentOrderSummaryReport,
    )
    expect(current.currentOrders).toMatchObject([
      {
        betId: newBet,
        priceSize: { price: 1.02, size: 100 },
        persistenceType: 'PERSIST',
        side: 'LAY',
        customerOrderRef: 'my-order-7',
        customerStrategyRef: 'scalper-1',
      },
    ])
    const byRef = (refs: object) =>
      client.rpc('SportsAPING/v1.0/listCurrentOrders', refs, currentOrderSummaryReport)
    expect(
      (await byRef({ customerStrategyRefs: ['scalper-1'] })).currentOrders.map((o) => o.betId),
    ).toEqual([newBet])
    expect((await byRef({ customerOrderRefs: ['another'] })).currentOrders).toEqual([])
    const [book] = await client.rpc(
      'SportsAPING/v1.0/listMarketBook',
      { marketIds: [market.id], orderProjection: 'EXECUTABLE' },
      z.array(marketBook),
    )
    expect(book?.runners.flatMap((r) => r.orders ?? [])).toMatchObject([
      { betId: newBet, customerOrderRef: 'my-order-7', customerStrategyRef: 'scalper-1' },
    ])
    // The old bet is gone: replacing or updating it again fails.
    const again = await client.rpc(
      'SportsAPING/v1.0/replaceOrders',
      { marketId: market.id, instructions: [{ betId: resting?.betId, newPrice: 1.03 }] },
      replaceExecutionReport,
    )
    expect(again).toMatchObject({
      status: 'FAILURE',
      instructionReports: [{ errorCode: 'BET_TAKEN_OR_LAPSED' }],
    })
    const badPersistence = await client.rpc(
      'SportsAPING/v1.0/updateOrders',
      {
        marketId: market.id,
        instructions: [{ betId: newBet, newPersistenceType: 'MARKET_ON_CLOSE' }],
      },
      updateExecutionReport,
    )
    expect(badPersistence.instructionReports[0]?.errorCode).toBe('INVALID_PERSISTENCE_TYPE')
  })

  it('refuses a placement made against an older market version (before a suspension)', async () => {
    const market = await openMarket(t.app, 'MATCH_ODDS', { sportId: '4', prePlay: true })
    const versionNow = async () =>
      (
        await client.rpc(
          'SportsAPING/v1.0/listMarketBook',
          { marketIds: [market.id] },
          z.array(marketBook),
        )
      )[0]?.version ?? 0
    const before = await versionNow()
    for (const status of ['SUSPENDED', 'OPEN'] as const)
      await t.app.db.updateTable('markets').set({ status }).where('id', '=', market.id).execute()
    const after = await versionNow()
    expect(after).toBe(before + 2)
    const placeAt = (version: number) =>
      client.rpc(
        'SportsAPING/v1.0/placeOrders',
        {
          marketId: market.id,
          marketVersion: { version },
          instructions: [limit(Number(market.runners[0]?.selection_id), 'LAY', 1.01, 10)],
        },
        placeExecutionReport,
      )
    expect(await placeAt(before)).toMatchObject({
      status: 'FAILURE',
      errorCode: 'INVALID_MARKET_VERSION',
    })
    expect((await placeAt(after)).status).toBe('SUCCESS')
  })

  it('cancels part of a bet with sizeReduction and leaves the rest on the book', async () => {
    const market = await openMarket(t.app, 'MATCH_ODDS', { sportId: '4', prePlay: true })
    const selectionId = Number(market.runners[0]?.selection_id)
    const [bet] = (await place(market.id, [limit(selectionId, 'LAY', 1.01, 100)]))
      .instructionReports
    const cancel = (sizeReduction?: number) =>
      client.rpc(
        'SportsAPING/v1.0/cancelOrders',
        {
          marketId: market.id,
          instructions: [
            { betId: bet?.betId, ...(sizeReduction === undefined ? {} : { sizeReduction }) },
          ],
        },
        cancelExecutionReport,
      )
    expect(await cancel(30)).toMatchObject({
      status: 'SUCCESS',
      instructionReports: [{ status: 'SUCCESS', sizeCancelled: 30 }],
    })
    const listed = () =>
      client.rpc(
        'SportsAPING/v1.0/listCurrentOrders',
        { betIds: [bet?.betId] },
        currentOrderSummaryReport,
      )
    expect((await listed()).currentOrders).toMatchObject([
      { status: 'EXECUTABLE', sizeRemaining: 70, sizeCancelled: 30 },
    ])
    // Less than a paisa is no size; a negative one is not a reduction at all.
    expect((await cancel(0.001)).instructionReports[0]?.errorCode).toBe('INVALID_BET_SIZE')
    expect(
      await client.rpcError('SportsAPING/v1.0/cancelOrders', {
        marketId: market.id,
        instructions: [{ betId: bet?.betId, sizeReduction: -5 }],
      }),
    ).toBe('INVALID_INPUT_DATA')
    // More than is left cancels what is left.
    expect((await cancel(500)).instructionReports[0]).toMatchObject({
      status: 'SUCCESS',
      sizeCancelled: 70,
    })
    expect((await listed()).currentOrders).toEqual([])
  })

  it("gives the market's P/L per runner, then the settled bets one by one and rolled up", async () => {
    const market = await openMarket(t.app, 'MATCH_ODDS', { sportId: '4', runners: 2 })
    // Back the runner the book offers a price on, at that price, as the API shows it.
    const [book] = await client.rpc(
      'SportsAPING/v1.0/listMarketBook',
      { marketIds: [market.id], priceProjection: { priceData: ['EX_BEST_OFFERS'] } },
      z.array(marketBook),
    )
    const offered = book?.runners.find((r) => r.ex?.availableToBack[0])
    const other = book?.runners.find((r) => r !== offered)
    if (!offered || !other) throw new Error(`no back price on ${market.id}`)
    const [a, b] = [offered.selectionId, other.selectionId]
    const best = offered.ex?.availableToBack[0]?.price ?? 0
    const placed = await place(market.id, [limit(a, 'BACK', best)])
    expect(placed.status).toBe('SUCCESS')
    const [pl] = await client.rpc(
      'SportsAPING/v1.0/listMarketProfitAndLoss',
      { marketIds: [market.id] },
      z.array(marketProfitAndLoss),
    )
    // ₹100 at odds×100 of o wins o − 100 rupees.
    const profit = Math.round(best * 100) - 100
    expect(pl?.profitAndLosses).toHaveLength(2)
    expect(pl?.profitAndLosses).toEqual(
      expect.arrayContaining([
        { selectionId: a, ifWin: profit },
        { selectionId: b, ifWin: -100 },
      ]),
    )

    const declared = await declareResult(t.app, {
      marketId: market.id,
      winnerSelectionId: String(a),
      actorId: 'test',
    })
    expect(declared.ok).toBe(true)
    const cleared = await client.rpc(
      'SportsAPING/v1.0/listClearedOrders',
      { betStatus: 'SETTLED', marketIds: [market.id], includeItemDescription: true },
      clearedOrderSummaryReport,
    )
    expect(cleared.clearedOrders).toMatchObject([
      {
        marketId: market.id,
        selectionId: a,
        betId: placed.instructionReports[0]?.betId,
        betOutcome: 'WON',
        priceMatched: best,
        sizeSettled: 100,
        profit,
        betCount: 1,
        itemDescription: { marketType: 'MATCH_ODDS', numberOfWinners: 1 },
      },
    ])
    const byMarket = await client.rpc(
      'SportsAPING/v1.0/listClearedOrders',
      { betStatus: 'SETTLED', groupBy: 'MARKET' },
      clearedOrderSummaryReport,
    )
    expect(byMarket.clearedOrders).toContainEqual(
      expect.objectContaining({ marketId: market.id, betCount: 1, profit }),
    )
    const statement = await client.rpc(
      'AccountAPING/v1.0/getAccountStatement',
      { includeItem: 'EXCHANGE' },
      accountStatementReport,
    )
    expect(statement.accountStatement[0]).toMatchObject({
      itemClass: 'EXCHANGE',
      amount: profit - Math.floor(profit * 2) / 100,
      legacyData: { transactionType: 'ACCOUNT_CREDIT', winLose: 'RESULT_WON' },
    })
    const none = await client.rpc(
      'SportsAPING/v1.0/listClearedOrders',
      { betStatus: 'VOIDED', marketIds: [market.id] },
      clearedOrderSummaryReport,
    )
    expect(none).toEqual({ clearedOrders: [], moreAvailable: false })
  })

  it("obeys the operator's switches: the player's and the brand's, each audited", async () => {
    const { player, client: own } = await signedInClient(t.app, 100)
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/login',
      payload: { userName: 'operator1', password: 'Password1' },
    })
    const operator = {
      authorization: `Bearer ${adminLoginResponse.parse(login.json()).data.token}`,
    }
    const admin = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/api/v1/admin/${url}`,
        headers: operator,
        ...(payload ? { payload } : {}),
      })
    const funds = () => own.rpcError('AccountAPING/v1.0/getAccountFunds', {}).catch(() => 'OK')
    expect(await funds()).toBe('OK')

    const off = await admin('POST', `players/${player.id}/api-access`, {
      enabled: false,
      reason: 'bot abuse',
    })
    expect(off.statusCode).toBe(200)
    expect(await funds()).toBe('ACCESS_DENIED')
    const again = await own.identity('login', {
      username: player.userName,
      password: player.password,
    })
    expect(again.answer).toMatchObject({ status: 'FAIL', error: 'SUSPENDED' })
    const audit = auditResponse.parse((await admin('GET', `players/${player.id}/audit`)).json())
    expect(audit.data.list[0]).toMatchObject({
      action: 'player.api-access.off',
      reason: 'bot abuse',
    })
    await admin('POST', `players/${player.id}/api-access`, { enabled: true, reason: 'cleared' })
    expect(await funds()).toBe('OK')

    const brand = brandResponse.parse((await admin('GET', 'brands/localhost')).json()).data
    const save = (tradingApi: boolean) =>
      admin('PUT', 'brands/localhost', {
        name: brand.name,
        host: brand.host,
        settings: { ...brand.settings, tradingApi },
      })
    expect((await save(false)).statusCode).toBe(200)
    expect(await funds()).toBe('ACCESS_DENIED')
    expect((await save(true)).statusCode).toBe(200)
    expect(await funds()).toBe('OK')
  })

  it('places nothing for a player on a time-out, through any door', async () => {
    const { player, client: own } = await signedInClient(t.app, 1_000)
    const market = await openMarket(t.app, 'MATCH_ODDS', { sportId: '4' })
    const out = await call(t.app, player.token, 'POST', 'responsible-gambling/time-out', {
      period: '24h',
    })
    expect(out.status).toBe(200)
    // A time-out may end the sessions: log in again, as a bot would.
    await own.identity('login', { username: player.userName, password: player.password })
    const selectionId = Number(market.runners[0]?.selection_id)
    const placed = await own.rpc(
      'SportsAPING/v1.0/placeOrders',
      { marketId: market.id, instructions: [limit(selectionId, 'LAY', 1.01)] },
      placeExecutionReport,
    )
    expect(placed).toMatchObject({
      status: 'FAILURE',
      errorCode: 'INVALID_ACCOUNT_STATE',
      instructionReports: [{ status: 'FAILURE', errorCode: 'RELATED_ACTION_FAILED' }],
    })
    const stored = await t.app.db
      .selectFrom('bet_orders')
      .select('id')
      .where('user_id', '=', player.id)
      .execute()
    expect(stored).toEqual([])
  })

  it("limits a session's calls as the web's, answering Betfair's TOO_MANY_REQUESTS", async () => {
    const limited = await buildTestApp({ env: { RATE_LIMIT_PER_SESSION: '5' } })
    try {
      const { client: bot } = await signedInClient(limited.app, 100)
      const codes: (string | number)[] = []
      for (let i = 0; i < 8; i++)
        codes.push(await bot.rpcError('SportsAPING/v1.0/listMarketBook', { marketIds: [] }))
      // Within the budget the calls get their own answer (here a bad input), then the limit's.
      expect(codes.slice(0, 3)).toEqual([
        'INVALID_INPUT_DATA',
        'INVALID_INPUT_DATA',
        'INVALID_INPUT_DATA',
      ])
      expect(codes.at(-1)).toBe('TOO_MANY_REQUESTS')
    } finally {
      await limited.close()
    }
  })
})
