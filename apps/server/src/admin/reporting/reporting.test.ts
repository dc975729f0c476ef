import { eventResponse } from '@backlay/contract/admin'
import { dashboardResponse, type Report, reportResponse } from '@backlay/contract/admin-reports'
import { saveBetResponse } from '@backlay/contract/bets'
import { casinoWalletRoutes } from '@backlay/contract/casino-wallet'
import { parse } from 'csv-parse/sync'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { walletCall } from '../../casino/wallet-call'
import { declareResult } from '../../markets/settlement'
import {
  adminCaller,
  call,
  ledgerTotal,
  marketToRestOn,
  newPlayer,
} from '../../markets/test-support'
import { DEV_OPERATOR } from '../../seed/seed-dev-data'
import { buildTestApp, manualClock, type TestApp } from '../../test/test-app'
import { indiaDay } from './report-scope'

const SECRET = 'test-casino-wallet-secret-0123456789'
// The ledger stamps rows with the store's own time, so the test's clock starts at the real one.
const clock = manualClock(new Date().toISOString())
const daysAgo = (n: number) => indiaDay(Date.now() - n * 86_400_000)

/** What the players' own ledger accounts moved, per transaction kind, summed in JS. */
async function playerMoneyByKind(t: TestApp, userIds: string[]) {
  const rows = await t.app.db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select(['t.kind', 'e.amount'])
    .where('a.owner_user_id', 'in', userIds)
    .where('t.book', '=', 'real')
    .execute()
  const byKind = new Map<string, number>()
  for (const r of rows) byKind.set(r.kind, (byKind.get(r.kind) ?? 0) + r.amount)
  return (prefix: string) =>
    [...byKind].filter(([k]) => k.startsWith(prefix)).reduce((s, [, v]) => s + v, 0)
}

describe('the back office dashboard and reports', () => {
  let t: TestApp
  let admin: Awaited<ReturnType<typeof adminCaller>>
  let alice: { id: string; token: string }
  let bob: { id: string; token: string }
  let agentToken: string
  let exchangeMarket: string
  let bookmakerMarket: string

  beforeAll(async () => {
    t = await buildTestApp({ clock, env: { CASINO_WALLET_SECRET: SECRET } })
    admin = await adminCaller(t.app)
    const agent = await admin('POST', 'operators', {
      userName: 'agent7',
      name: 'Agent Seven',
      password: 'Agent7pass',
    })
    expect(agent.status, JSON.stringify(agent.body)).toBe(200)
    const agentLogin = await call(t.app, null, 'POST', 'admin/login', {
      userName: 'agent7',
      password: 'Agent7pass',
    })
    agentToken = (agentLogin.body.data as { token: string }).token
    const agentId = (
      await t.app.db
        .selectFrom('users')
        .select('id')
        .where('user_name', '=', 'agent7')
        .executeTakeFirstOrThrow()
    ).id

    alice = await newPlayer(t.app, { rupees: 1_000 })
    bob = await newPlayer(t.app, { rupees: 1_000 })
    // Bob plays on the other brand, as the agent's player.
    await t.app.db
      .updateTable('users')
      .set({ brand_id: 'default', operator_id: agentId })
      .where('id', '=', bob.id)
      .execute()

    // One match with an exchange market and a bookmaker line, both priced around evens.
    const limits = { betDelaySeconds: 0, minStake: 100, maxStake: 100_000, maxProfit: 1_000_000 }
    const created = await admin('POST', 'events', {
      sportId: '4',
      competitionName: 'Report Cup',
      name: 'Gamma v Delta',
      startTime: new Date(clock.now() + 7_200_000).toISOString(),
      markets: [
        { kind: 'MATCH_ODDS', name: 'Match Odds', runners: ['Gamma', 'Delta'], ...limits },
        { kind: 'BOOKMAKER', name: 'Bookmaker', runners: ['Gamma', 'Delta'], ...limits },
      ],
    })
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    const markets = eventResponse.parse(created.body).data.marketDetails
    exchangeMarket = markets.find((m) => m.kind === 'MATCH_ODDS')?.id ?? ''
    bookmakerMarket = markets.find((m) => m.kind === 'BOOKMAKER')?.id ?? ''
    for (const [id, runners] of [
      [
        exchangeMarket,
        [
          { selectionId: '1', back: 2, lay: 2.02, size: 10_000 },
          { selectionId: '2', back: 1.96, lay: 1.98, size: 10_000 },
        ],
      ],
      [
        bookmakerMarket,
        [
          { selectionId: '1', back: 1.96, lay: 2.06, size: 100_000 },
          { selectionId: '2', back: 1.92, lay: 2.02, size: 100_000 },
        ],
      ],
    ] as const) {
      expect((await admin('POST', `markets/${id}/prices`, { runners })).status).toBe(200)
      expect((await admin('POST', `markets/${id}/status`, { status: 'OPEN' })).status).toBe(200)
    }

    // Alice backs Gamma at 2.00 on the exchange (the market maker takes it) for ₹100 and wins.
    const backed = await call(t.app, alice.token, 'POST', 'bet/saveBet', {
      is_back: 1,
      market_id: exchangeMarket,
      odds: 2,
      selection_id: '1',
      stack: 100,
    })
    expect(saveBetResponse.parse(backed.body).data.status).toBe('MATCHED')

    // Bob backs Gamma at 1.96 on the bookmaker line for ₹200, and loses there.
    const bookBet = await call(t.app, bob.token, 'POST', 'bet/saveBet', {
      is_back: 1,
      market_id: bookmakerMarket,
      odds: 1.96,
      selection_id: '1',
      stack: 200,
    })
    expect(bookBet.status, JSON.stringify(bookBet.body)).toBe(200)
    expect(saveBetResponse.parse(bookBet.body).data.status).toBe('MATCHED')

    for (const [marketId, winner] of [
      [exchangeMarket, '1'],
      [bookmakerMarket, '2'],
    ] as const) {
      const declared = await declareResult(t.app, {
        marketId,
        winnerSelectionId: winner,
        actorId: 'test',
      })
      expect(declared.ok).toBe(true)
    }
    await t.app.exchange.idle()

    // Bob plays a casino round: ₹50 staked, ₹20 won back.
    const wallet = (path: string, body: object) => walletCall(t.app, clock, path, body, SECRET)
    const round = { playerId: bob.id, gameId: 'aviator', roundId: 'r-1' }
    expect(
      (await wallet(casinoWalletRoutes.debit, { ...round, transactionId: 'd-1', amount: 5_000 }))
        .statusCode,
    ).toBe(200)
    expect(
      (await wallet(casinoWalletRoutes.credit, { ...round, transactionId: 'c-1', amount: 2_000 }))
        .statusCode,
    ).toBe(200)

    // The operator credits Alice ₹500 and takes ₹300 back from Bob.
    expect(
      (
        await admin('POST', `players/${alice.id}/adjust`, {
          direction: 'credit',
          amount: 500,
          reason: 'Deposit by bank',
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await admin('POST', `players/${bob.id}/adjust`, {
          direction: 'debit',
          amount: 300,
          reason: 'Paid out',
        })
      ).status,
    ).toBe(200)

    const depositLimits = await call(
      t.app,
      alice.token,
      'POST',
      'responsible-gambling/deposit-limits',
      {
        daily: 1_000,
        weekly: 5_000,
        monthly: null,
      },
    )
    expect(depositLimits.status, JSON.stringify(depositLimits.body)).toBe(200)
  }, 180_000)
  afterAll(() => t.close())

  it('adds up what the ledger holds, per brand and for the whole house', async () => {
    const whole = dashboardResponse.parse((await admin('GET', 'dashboard')).body).data
    // A week, not today: the run may cross midnight in India.
    const today = whole.periods.last7Days
    const sumOf = await playerMoneyByKind(t, [alice.id, bob.id])

    // Alice's profit less 2% commission; Bob's ₹200 to the house; ₹30 of casino.
    expect(today.commission).toBe(2)
    expect(today.marketMakerPL).toBe(-100)
    expect(today.housePL).toBe(200)
    expect(today.casinoGGR).toBe(30)
    expect(today.deposits).toBe(500)
    expect(today.withdrawals).toBe(300)
    expect(today.deposits).toBe(sumOf('operator.credit') / 100)
    expect(today.withdrawals).toBe(-sumOf('operator.debit') / 100)
    // The house won what the players lost, on bets and casino together.
    expect(today.ggr).toBe(-(sumOf('bet.settlement') + sumOf('casino.')) / 100)
    expect(today.ggr).toBe(
      today.commission + today.housePL + today.casinoGGR + (today.marketMakerPL ?? Number.NaN),
    )
    expect(today.turnover).toBe(100 + 200 + 50)
    expect(today.activePlayers).toBe(2)
    // The dev seed's players signed up when the store was made, as ours did.
    const players = await t.app.db
      .selectFrom('users')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('role', '=', 'player')
      .where('is_demo', '=', false)
      .executeTakeFirstOrThrow()
    expect(today.signUps).toBe(players.n)
    expect(today.matchedVolume).toBeGreaterThanOrEqual(100)
    expect(whole.periods.last30Days).toEqual(today)
    expect(whole.periods.today.turnover + whole.periods.yesterday.turnover).toBe(today.turnover)
    expect(whole.daily).toHaveLength(30)
    expect(whole.daily.at(-1)?.day).toBe(daysAgo(0))
    expect(whole.daily.reduce((s, d) => s + d.ggr, 0)).toBeCloseTo(today.ggr, 2)
    expect(whole.brands.map((b) => b.id).sort()).toEqual(['default', 'localhost'])
    expect(await ledgerTotal(t.app)).toBe(0)

    const bobsBrand = dashboardResponse.parse(
      (await admin('GET', 'dashboard?brandId=default')).body,
    ).data.periods.last7Days
    expect(bobsBrand).toMatchObject({
      commission: 0,
      housePL: 200,
      casinoGGR: 30,
      marketMakerPL: null,
      ggr: 230,
      deposits: 0,
      withdrawals: 300,
      turnover: 250,
      activePlayers: 1,
    })
  })

  it('shows an agent its own players only', async () => {
    const res = await call(t.app, agentToken, 'GET', 'admin/dashboard')
    const seen = dashboardResponse.parse(res.body).data
    expect(seen.periods.last7Days).toMatchObject({ housePL: 200, commission: 0, activePlayers: 1 })
    expect(seen.brands.map((b) => b.id)).toEqual(['localhost'])
    const report = reportResponse.parse(
      (await call(t.app, agentToken, 'GET', 'admin/reports/player-pl')).body,
    ).data
    expect(report.rows.map((r) => r.player)).toEqual([
      (
        await t.app.db
          .selectFrom('users')
          .select('user_name')
          .where('id', '=', bob.id)
          .executeTakeFirstOrThrow()
      ).user_name,
    ])
  })

  it('lists the top markets by what players hold on them now', async () => {
    const { market: open, runner } = await marketToRestOn(t.app, [exchangeMarket])
    const rest = await call(t.app, alice.token, 'POST', 'bet/saveBet', {
      is_back: 1,
      market_id: open.id,
      odds: 1000,
      selection_id: runner.selection_id,
      stack: 70,
    })
    expect(saveBetResponse.parse(rest.body).data.status).toBe('UNMATCHED')
    await t.app.exchange.idle()
    const top = dashboardResponse.parse((await admin('GET', 'dashboard')).body).data.topExposure
    expect(top).toEqual([expect.objectContaining({ marketId: open.id, exposure: 70, players: 1 })])
  })

  const table = async (kind: string, query = '') => {
    const res = await admin('GET', `reports/${kind}?limit=500${query}`)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return reportResponse.parse(res.body).data
  }
  const csvOf = async (kind: string, query = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/reports/${kind}/csv?${query}`,
      headers: { authorization: await adminAuthorization() },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/csv/)
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="[a-z-]+_/)
    return parse(res.body) as string[][]
  }
  const adminAuthorization = async () => {
    const login = await call(t.app, null, 'POST', 'admin/login', {
      userName: DEV_OPERATOR.userName,
      password: DEV_OPERATOR.password,
    })
    return `Bearer ${(login.body.data as { token: string }).token}`
  }

  /** The CSV holds the table: the same headers, and every row cell for cell. */
  const expectCsvMatches = (report: Report, csv: string[][]) => {
    expect(csv[0]).toEqual(report.columns.map((c) => c.label))
    expect(csv.slice(1)).toEqual(
      report.rows.map((row) =>
        report.columns.map((c) => {
          const v = row[c.key]
          if (v === null || v === undefined) return ''
          return c.type === 'money' && typeof v === 'number' ? v.toFixed(2) : String(v)
        }),
      ),
    )
  }

  it('reports P/L by market with the house and the commission it earned', async () => {
    const report = await table('market-pl')
    const byId = new Map(report.rows.map((r) => [r.marketId, r]))
    expect(byId.get(bookmakerMarket)).toMatchObject({
      kind: 'BOOKMAKER',
      players: 1,
      bets: 1,
      turnover: 200,
      playersPL: -200,
      housePL: 200,
      commission: 0,
      ggr: 200,
    })
    expect(byId.get(exchangeMarket)).toMatchObject({ kind: 'MATCH_ODDS', players: 1, housePL: 0 })
    const onlyBookmaker = await table('market-pl', `&marketId=${bookmakerMarket}`)
    expect(onlyBookmaker.rows.map((r) => r.marketId)).toEqual([bookmakerMarket])
  })

  it.each([
    'market-pl',
    'player-pl',
    'agent-commission',
    'casino-games',
    'casino-rounds',
    'responsible-gambling',
  ])('downloads %s as CSV holding exactly its table', async (kind) => {
    const report = await table(kind)
    expect(report.total).toBeGreaterThan(0)
    expectCsvMatches(report, await csvOf(kind))
  })

  it('reports per player, per agent, per game and the limits players set', async () => {
    const players = await table('player-pl')
    const aliceName = `p${alice.id.slice(0, 8)}`
    const bobName = `p${bob.id.slice(0, 8)}`
    const row = (name: string) => players.rows.find((r) => r.player === name)
    expect(row(bobName)).toMatchObject({
      brand: 'Backlay',
      agent: 'agent7',
      betPL: -200,
      casinoPL: -30,
      totalPL: -230,
      withdrawals: 300,
    })
    expect(row(aliceName)).toMatchObject({ agent: null, deposits: 500, bets: 2 })

    const agents = await table('agent-commission')
    expect(agents.rows.find((r) => r.agent === 'agent7')).toMatchObject({
      players: 1,
      housePL: 200,
      casinoGGR: 30,
      ggr: 230,
    })
    expect(agents.rows.find((r) => r.agent === 'Direct')).toMatchObject({ players: 1 })

    expect((await table('casino-games')).rows).toEqual([
      { game: 'aviator', rounds: 1, players: 1, bets: 50, wins: 20, rollbacks: 0, ggr: 30 },
    ])
    expect((await table('casino-rounds')).rows).toEqual([
      expect.objectContaining({ round: 'r-1', player: bobName, settled: 'yes', ggr: 30 }),
    ])
    expect((await table('responsible-gambling')).rows).toEqual([
      expect.objectContaining({
        player: aliceName,
        dailyLimit: 1_000,
        weeklyLimit: 5_000,
        monthlyLimit: null,
      }),
    ])
  })

  it('pages the table and refuses a backwards or over-long range', async () => {
    const page = (await admin('GET', 'reports/market-pl?limit=1&page=2')).body.data as Report
    expect(page.rows).toHaveLength(1)
    expect(page.total).toBeGreaterThanOrEqual(2)
    const whole = await table('market-pl')
    expect(page.rows[0]).toEqual(whole.rows[1])
    const beyond = (await admin('GET', 'reports/market-pl?limit=10&page=99')).body.data as Report
    expect(beyond).toMatchObject({ rows: [], total: whole.total })
    const backwards = await admin('GET', 'reports/player-pl?from=2026-11-20&to=2026-11-01')
    expect(backwards.status).toBe(400)
    expect(backwards.body.msg).toBe('The start date must not be after the end date.')
    const long = await admin('GET', 'reports/player-pl?from=2024-01-01&to=2026-11-01')
    expect(long.status).toBe(400)
    expect(long.body.msg).toBe('A report covers at most 366 days.')
    const unknown = await admin('GET', 'reports/everything')
    expect(unknown.status).toBe(400)
    const before = await table('player-pl', `&from=${daysAgo(20)}&to=${daysAgo(10)}`)
    expect(before).toMatchObject({ rows: [], from: daysAgo(20), to: daysAgo(10) })
  })
})
