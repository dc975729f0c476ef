import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/schema'
import {
  HOUSE_CASH,
  openAccount,
  openHouseAccount,
  openUserCashAccount,
  postTransaction,
} from '../ledger/ledger'
import { openMigratedTestDatabase } from '../test/test-database'
import { profitLoss } from './statements'

describe('betting profit & loss from settlement ledger rows', () => {
  let db: Kysely<Database>
  let close: () => Promise<void>
  const userId = 'pl-user'
  const cash = `user:${userId}:cash:real`
  const exposure = `user:${userId}:exposure:real`

  beforeAll(async () => {
    ;({ db, close } = await openMigratedTestDatabase())
    await db
      .insertInto('brands')
      .values({ id: 'b', host: 'b.example', name: 'B', config: '{}' })
      .execute()
    await db
      .insertInto('users')
      .values({
        id: userId,
        brand_id: 'b',
        role: 'player',
        user_name: 'pl',
        name: 'PL',
        mobile: null,
        country_code: null,
        password_hash: 'x',
        operator_id: null,
        settings: '{}',
      })
      .execute()
    await openHouseAccount(db, 'real')
    await openUserCashAccount(db, userId)
    await openAccount(db, {
      id: exposure,
      kind: 'user.exposure',
      book: 'real',
      ownerUserId: userId,
      allowNegative: false,
    })
    await db.insertInto('sports').values({ id: '4', name: 'Cricket', sort_order: 1 }).execute()
    await db
      .insertInto('competitions')
      .values({ id: 'c1', sport_id: '4', name: 'IPL', country_code: null })
      .execute()
    await db
      .insertInto('events')
      .values({
        id: 'e1',
        sport_id: '4',
        competition_id: 'c1',
        name: 'MI v CSK',
        start_time: '2026-11-23T09:00:00Z',
        status: 'CLOSED',
        venue: null,
        country_code: null,
      })
      .execute()
    for (const [id, name] of [
      ['m1', 'Match Odds'],
      ['m2', 'Bookmaker'],
    ] as const) {
      await db
        .insertInto('markets')
        .values({
          id,
          event_id: 'e1',
          kind: 'MATCH_ODDS',
          name,
          status: 'CLOSED',
          inplay: false,
          start_time: '2026-11-23T09:00:00Z',
          bet_delay_seconds: 5,
          min_stake: 100,
          max_stake: 100000,
          max_profit: 100000,
          sort_priority: 0,
          winner_selection_id: null,
          result_value: null,
          closed_at: null,
        })
        .execute()
    }
    const post = (kind: string, legs: { accountId: string; amount: number }[], marketId?: string) =>
      postTransaction(db, {
        kind,
        book: 'real',
        legs,
        ...(marketId ? { metadata: { marketId } } : {}),
      })
    await post('seed.funding', [
      { accountId: HOUSE_CASH.real, amount: -10_000_00 },
      { accountId: cash, amount: 10_000_00 },
    ])
    // Holding a stake moves cash into exposure: no P&L.
    await post(
      'bet.exposure',
      [
        { accountId: cash, amount: -500_00 },
        { accountId: exposure, amount: 500_00 },
      ],
      'm1',
    )
    // m1 won: exposure released and ₹450 won; m2 lost ₹200 in two postings.
    await post(
      'bet.settlement',
      [
        { accountId: exposure, amount: -500_00 },
        { accountId: cash, amount: 950_00 },
        { accountId: HOUSE_CASH.real, amount: -450_00 },
      ],
      'm1',
    )
    await post(
      'bet.settlement',
      [
        { accountId: cash, amount: -150_00 },
        { accountId: HOUSE_CASH.real, amount: 150_00 },
      ],
      'm2',
    )
    await post(
      'bet.settlement',
      [
        { accountId: cash, amount: -50_00 },
        { accountId: HOUSE_CASH.real, amount: 50_00 },
      ],
      'm2',
    )
  })
  afterAll(() => close())

  it('groups the user’s settlement net per market, with match and series names', async () => {
    const page = await profitLoss(db, { userId, book: 'real' }, { page: 1, limit: 10 })
    expect(page.total).toBe(2)
    const byMarket = Object.fromEntries(page.list.map((r) => [r.market_id, r]))
    expect(byMarket.m1).toMatchObject({
      net: 450,
      match_name: 'MI v CSK',
      series_name: 'IPL',
      sport_id: '4',
      market_name: 'Match Odds',
    })
    expect(byMarket.m2).toMatchObject({ net: -200, market_name: 'Bookmaker' })
  })

  it('filters by sport and date window and pages', async () => {
    expect(
      (await profitLoss(db, { userId, book: 'real' }, { page: 1, limit: 10, sport_id: '1' })).total,
    ).toBe(0)
    expect(
      (
        await profitLoss(
          db,
          { userId, book: 'real' },
          { page: 1, limit: 10, from_date: '2099-01-01T00:00:00Z' },
        )
      ).list,
    ).toEqual([])
    const first = await profitLoss(db, { userId, book: 'real' }, { page: 1, limit: 1 })
    const second = await profitLoss(db, { userId, book: 'real' }, { page: 2, limit: 1 })
    expect(first.list).toHaveLength(1)
    expect(second.list[0]?.market_id).not.toBe(first.list[0]?.market_id)
  })
})
