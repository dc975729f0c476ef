import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { HOUSE_CASH, postTransaction, userCashAccountId } from '../ledger/ledger'
import { buildTestApp, manualClock, type TestApp } from '../test/test-app'
import { MARKET_MAKER_ID } from './accounts'
import { settlementBacklog } from './settlement'
import { call, ledgerTotal, moneyOf, newPlayer, openMarket } from './test-support'

describe('placements checked on the balances this process last wrote', () => {
  const statements: string[] = []
  let t: TestApp
  let market: Awaited<ReturnType<typeof openMarket>>
  beforeAll(async () => {
    t = await buildTestApp({
      clock: manualClock('2026-11-23T10:00:00Z'),
      queryLog: (event) => {
        statements.push(event.query.sql)
      },
    })
    // The simulator's first snapshot holds events that just finished, settled as the server
    // starts: their writes are done before the statements here are counted.
    await vi.waitFor(async () => expect(await settlementBacklog(t.app.db)).toBe(0), {
      timeout: 20_000,
    })
    market = await openMarket(t.app, 'MATCH_ODDS')
    // In play, where a market reloaded after a failed write must turn in play again before it
    // takes the placement, or the placement would be stored as pre-play and then lapse.
    await t.app.db
      .updateTable('markets')
      .set({ inplay: true })
      .where('id', '=', market.id)
      .execute()
  })
  afterAll(() => t.close())

  /** A back at 100 rests unmatched and holds its whole stake. */
  const back = (player: { token: string }, rupees: number) =>
    call(t.app, player.token, 'POST', 'bet/saveBet', {
      is_back: 1,
      market_id: market.id,
      odds: 100,
      selection_id: market.runners[0]?.selection_id,
      stack: rupees,
    })
  /** Moves the player's cash elsewhere (a casino round, a deposit), beside the exchange. */
  const moveCash = async (playerId: string, paise: number) => {
    const moved = await postTransaction(t.app.db, {
      kind: 'test.elsewhere',
      book: 'real',
      legs: [
        { accountId: userCashAccountId(playerId), amount: paise },
        { accountId: HOUSE_CASH.real, amount: -paise },
      ],
    })
    expect(moved.ok).toBe(true)
  }
  const betsOf = async (playerId: string) =>
    (await t.app.db.selectFrom('bet_orders').select('id').where('user_id', '=', playerId).execute())
      .length

  it('writes a placement on known balances as one statement, with no transaction around it', async () => {
    const player = await newPlayer(t.app, { rupees: 1_000 })
    expect((await back(player, 100)).status).toBe(200)
    statements.length = 0
    expect((await back(player, 100)).status).toBe(200)
    expect(statements).not.toContain('begin')
    expect(statements.filter((s) => !/^select/i.test(s.trimStart()))).toHaveLength(1)
    expect(await moneyOf(t.app, player.id)).toEqual({ cash: 80_000, exposure: 20_000 })
  })

  it('refuses a placement that cash moved away elsewhere no longer covers, and writes none of it', async () => {
    const player = await newPlayer(t.app, { rupees: 1_000 })
    expect((await back(player, 100)).status).toBe(200)
    await moveCash(player.id, -85_000)
    const refused = await back(player, 100)
    expect(refused.status).toBe(409)
    expect(refused.body.msg).toBe('Insufficient balance')
    expect(await moneyOf(t.app, player.id)).toEqual({ cash: 5_000, exposure: 10_000 })
    expect(await betsOf(player.id)).toBe(1)
    expect(await ledgerTotal(t.app)).toBe(0)
    // What is left is still placed.
    expect((await back(player, 50)).status).toBe(200)
    expect(await moneyOf(t.app, player.id)).toEqual({ cash: 0, exposure: 15_000 })
  })

  it('accepts a placement that cash paid in elsewhere covers, though the known balance was short', async () => {
    const player = await newPlayer(t.app, { rupees: 100 })
    expect((await back(player, 100)).status).toBe(200)
    await moveCash(player.id, 50_000)
    expect((await back(player, 200)).status).toBe(200)
    expect(await moneyOf(t.app, player.id)).toEqual({ cash: 30_000, exposure: 30_000 })
    expect(await betsOf(player.id)).toBe(2)
    // Known exactly now, a placement the cash does not cover is refused.
    expect((await back(player, 1_000)).status).toBe(409)
    expect(await moneyOf(t.app, player.id)).toEqual({ cash: 30_000, exposure: 30_000 })
    expect(await ledgerTotal(t.app)).toBe(0)
  })

  it("redoes alone a market maker's quote whose shared group write broke", async () => {
    const other = await openMarket(t.app, 'MATCH_ODDS', { exclude: [market.id] })
    await t.app.exchange.beforeTrade(other.id)
    const player = await newPlayer(t.app, { rupees: 1_000 })
    expect((await back(player, 100)).status).toBe(200)
    await moveCash(player.id, -85_000)
    const quote = [
      {
        selectionId: other.runners[0]?.selection_id ?? '',
        side: 'BACK' as const,
        odds: 900,
        stake: 12_300,
      },
    ]
    // Started in one turn, the two share a group write, which the placement breaks: the
    // known balance lets it through, the store's CHECK does not.
    const [placed] = await Promise.all([
      t.app.exchange.placeOdds({ userId: player.id, book: 'real', limits: {} }, market.id, [
        {
          selectionId: market.runners[0]?.selection_id ?? '',
          side: 'BACK',
          odds: 10_000,
          stake: 10_000,
        },
      ]),
      t.app.exchange.requote(other.id, quote),
    ])
    expect(placed).toMatchObject({ ok: false, code: 'BET.INSUFFICIENT_FUNDS' })
    const quoted = await t.app.db
      .selectFrom('bet_orders')
      .select(['side', 'odds', 'remaining'])
      .where('market_id', '=', other.id)
      .where('user_id', '=', MARKET_MAKER_ID)
      .where('remaining', '>', 0)
      .execute()
    expect(quoted).toEqual([{ side: 'BACK', odds: 900, remaining: 12_300 }])
    expect(await ledgerTotal(t.app)).toBe(0)
  })
})
