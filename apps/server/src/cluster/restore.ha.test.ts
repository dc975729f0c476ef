import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/schema'
import { backup, restore } from './ha-backup'
import { stopTopology } from './ha-topology'
import { startTradingTopology } from './ha-trading'
import type { ApiNode } from './testing'
import { type Invariant, tradingInvariants } from './trading-checks'
import { TradingWorkload } from './trading-workload'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const TRADING_MS = 6_000

/**
 * A full backup, then trading before and after a moment; the database restored to that moment
 * holds exactly what was committed before it: the first phase's bets, cancels, cash-outs and
 * payments, none of the second's.
 */
describe('a backup restored to a point in time (three hosts, pgBackRest)', () => {
  let db: Kysely<Database>
  let setup: Awaited<ReturnType<typeof startTradingTopology>>
  let before: TradingWorkload
  let after: TradingWorkload
  let at: Date
  let backups = ''

  beforeAll(async () => {
    setup = await startTradingTopology()
    const { nodes, markets, players, operator } = setup
    backups = await backup()
    const trade = async () => {
      const workload = new TradingWorkload(() => nodes, markets, players, operator, 4)
      await sleep(TRADING_MS)
      await workload.stop()
      return workload
    }
    before = await trade()
    // The moment to restore to, with a second's gap on each side of it.
    await sleep(1_000)
    at = new Date()
    await sleep(1_000)
    after = await trade()
    await restore(at)
    db = await setup.onPrimary()
  })
  afterAll(async () => {
    await db?.destroy()
    stopTopology()
  })

  it('holds the operations answered before that time and none after', async () => {
    const acknowledged = (w: TradingWorkload) =>
      w.operations.filter((op) => op.outcome === 'acknowledged')
    expect(backups).toContain('full backup')
    expect(acknowledged(before).length).toBeGreaterThan(50)
    expect(acknowledged(after).length).toBeGreaterThan(50)
    expect(Math.max(...before.attempts.map((a) => a.endedAt))).toBeLessThan(at.getTime())
    expect(Math.min(...after.attempts.map((a) => a.startedAt))).toBeGreaterThan(at.getTime())
    // The first phase's history is the whole truth: a second-phase bet or payment stored would
    // be a bet not acknowledged, or money that does not add up.
    const invariants: Invariant[] = await tradingInvariants(
      db,
      setup.markets,
      setup.players,
      before.operations,
    )
    console.table(invariants)
    expect(invariants.filter((i) => !i.holds)).toEqual([])
    const later = acknowledged(after).flatMap((op) => op.betId ?? [])
    const kept = await db.selectFrom('bet_orders').select('id').where('id', 'in', later).execute()
    expect(kept).toEqual([])
  })

  it('trades again on the restored database', async () => {
    const [node] = setup.nodes as [ApiNode]
    const [player] = setup.players
    const res = await node.post(
      'bet/saveBet',
      {
        is_back: 1,
        market_id: setup.markets.exchange.marketId,
        odds: 1000,
        selection_id: setup.markets.exchange.selectionId,
        stack: 2,
      },
      player.token,
    )
    expect(res.status).toBe(200)
  })
})
