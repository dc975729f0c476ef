import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogRepository } from '../db/repositories/catalog'
import { buildTestApp, manualClock, type TestApp } from '../test/test-app'
import type { FeedUpdate } from './feed-adapter'

describe('FeedService in the app', () => {
  const clock = manualClock('2026-11-23T10:00:00Z')
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ clock })
  })
  afterAll(() => t.close())

  it('writes each tick to the catalogue, then tells subscribers', async () => {
    const feed = t.app.feed
    if (!feed) throw new Error('feed should run in tests')
    const seen: FeedUpdate[] = []
    const unsubscribe = feed.subscribe((u) => seen.push(u))
    let update: FeedUpdate | undefined
    for (let i = 0; i < 20 && !update?.runners.length; i++) {
      clock.advance(1000)
      update = await feed.tick()
    }
    const runner = update?.runners[0]
    if (!runner) throw new Error('expected a price change within 20 ticks')
    expect(seen.at(-1)).toBe(update)
    const stored = await t.app.db
      .selectFrom('runners')
      .select(['back', 'lay'])
      .where('market_id', '=', runner.marketId)
      .where('selection_id', '=', runner.selectionId)
      .executeTakeFirstOrThrow()
    expect(stored).toEqual({ back: runner.back, lay: runner.lay })

    unsubscribe()
    const count = seen.length
    clock.advance(1000)
    await feed.tick()
    expect(seen).toHaveLength(count)
  })

  it('keeps a closed market closed, with its result, whatever a later batch says', async () => {
    clock.advance(5 * 3_600_000)
    await t.app.feed?.tick()
    const closed = await t.app.db
      .selectFrom('markets')
      .select(['id', 'winner_selection_id'])
      .where('status', '=', 'CLOSED')
      .where('kind', '=', 'MATCH_ODDS')
      .executeTakeFirstOrThrow()
    const row = await t.app.db
      .selectFrom('markets')
      .selectAll()
      .where('id', '=', closed.id)
      .executeTakeFirstOrThrow()
    await catalogRepository(t.app.db).upsertMarkets([
      {
        id: row.id,
        eventId: row.event_id,
        kind: row.kind,
        name: row.name,
        status: 'OPEN',
        inplay: true,
        startTime: row.start_time.getTime(),
        betDelaySeconds: row.bet_delay_seconds,
        minStake: row.min_stake,
        maxStake: row.max_stake,
        maxProfit: row.max_profit,
        sortPriority: row.sort_priority,
        winnerSelectionId: null,
        resultValue: null,
        deadHeatWith: [],
      },
    ])
    const after = await t.app.db
      .selectFrom('markets')
      .select(['status', 'winner_selection_id'])
      .where('id', '=', closed.id)
      .executeTakeFirstOrThrow()
    expect(after).toEqual({ status: 'CLOSED', winner_selection_id: closed.winner_selection_id })
  })

  it('keeps a market an operator suspended SUSPENDED whatever the feed says', async () => {
    const feed = t.app.feed
    if (!feed) throw new Error('feed should run in tests')
    const held = await t.app.db
      .updateTable('markets')
      .set({ status: 'SUSPENDED', operator_hold: true })
      .where('status', '<>', 'CLOSED')
      .returning('id')
      .execute()
    const heldIds = new Set(held.map((m) => m.id))
    const heldIn = (u: FeedUpdate | undefined) =>
      u?.markets.filter((m) => heldIds.has(m.id) && m.status !== 'CLOSED') ?? []
    let update: FeedUpdate | undefined
    for (let i = 0; i < 60 && heldIn(update).length === 0; i++) {
      clock.advance(1000)
      update = await feed.tick()
    }
    const moved = heldIn(update)
    expect(moved.length).toBeGreaterThan(0)
    expect(new Set(moved.map((m) => m.status))).toEqual(new Set(['SUSPENDED']))
    const stored = await t.app.db
      .selectFrom('markets')
      .select('status')
      .where(
        'id',
        'in',
        moved.map((m) => m.id),
      )
      .execute()
    expect(new Set(stored.map((m) => m.status))).toEqual(new Set(['SUSPENDED']))
  })
})
