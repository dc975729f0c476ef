import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectDatabase } from '../db/connect'
import type { Database } from '../db/schema'
import {
  hostOfNode,
  hosts,
  killBacklay,
  killNats,
  primaryHost,
  restartBacklay,
  restartNats,
  startTopology,
  stopTopology,
} from './ha-topology'
import { shardOf } from './shards'
import {
  ApiNode,
  BetLoad,
  expectStoreSound,
  openTestMarket,
  type Placement,
  until,
} from './testing'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** The goal for the loss of a NATS server or a Backlay node. */
const NODE_LOSS_GOAL_MS = 5_000
const FAULT_MS = 10_000

/**
 * One load of bets through the three hosts while, one at a time, a NATS server and the Backlay
 * node that owns the market are SIGKILLed for 10 s and started again: the others go on within 5 s
 * (the owner's shard taken over through its lease).
 */
describe('a NATS server, then a Backlay node, killed under load (three hosts)', () => {
  let db: Kysely<Database>
  let load: BetLoad
  let setup: { marketId: string; players: { userId: string }[] }
  const faults: { name: string; at: number; lost?: string }[] = []
  const nodes = hosts.map((h) => new ApiNode(h.name, h.url, { 'x-forwarded-host': 'localhost' }))
  const [h1] = hosts
  const storeOnPrimary = async (password: string) => {
    const primary = await primaryHost()
    if (!primary) throw new Error('no primary')
    return connectDatabase({
      kind: 'postgres',
      url: `postgres://postgres:${password}@${primary.ip}:5432/backlay`,
    })
  }

  beforeAll(async () => {
    if (!h1) throw new Error('three hosts expected')
    const { secrets } = await startTopology({
      TRUST_PROXY: '10.77.0.0/24',
      NODE_ENV: 'test',
      FEED: 'off',
      RATE_LIMIT_PER_SESSION: '1000000000',
      RATE_LIMIT_PER_ADDRESS: '1000000000',
    })
    db = await storeOnPrimary(secrets.PG_PASSWORD)
    const market = await openTestMarket(db, 'node-loss')
    const players = [await nodes[0]?.login('demo1'), await nodes[1]?.login('demo2')].flatMap((p) =>
      p ? [p] : [],
    )
    setup = { marketId: market.marketId, players }
    load = new BetLoad(() => nodes, market, players, 8)
    await sleep(3_000)

    faults.push({ name: 'SIGKILL of a NATS server (h1)', at: Date.now() })
    killNats(h1)
    await sleep(FAULT_MS)
    restartNats(h1)
    await sleep(3_000)

    // The node that owns the market dies; a balancer's health check takes it out of rotation.
    const lease = await db
      .selectFrom('shard_leases')
      .select('owner')
      .where('shard', '=', shardOf(market.marketId))
      .executeTakeFirst()
    const owner = hostOfNode(lease?.owner)
    const lost = nodes.find((n) => n.name === owner?.name)
    if (!owner || !lost) throw new Error(`no host owns ${market.marketId} (${lease?.owner})`)
    faults.push({
      name: `SIGKILL of the market's owner (${owner.name})`,
      at: Date.now(),
      lost: lost.name,
    })
    lost.paused = true
    killBacklay(owner)
    await sleep(FAULT_MS)
    restartBacklay(owner)
    await until(
      async () => (await fetch(`${owner.url}/health/ready`).catch(() => null))?.ok === true,
      `${owner.name} ready again`,
      60_000,
    )
    lost.paused = false
    await sleep(3_000)
    await load.stop()
  })
  afterAll(async () => {
    await db?.destroy()
    stopTopology()
  })

  it('goes on through the other servers and nodes within 5 s of each loss', () => {
    const table: Record<string, unknown>[] = []
    for (const fault of faults) {
      const inWindow = (p: Placement) =>
        p.startedAt >= fault.at && p.startedAt < fault.at + FAULT_MS
      for (const node of nodes) {
        if (node.name === fault.lost) continue
        const during = load.placements.filter((p) => p.node === node.name && inWindow(p))
        const firstOk = Math.min(
          ...load.acknowledged
            .filter((p) => p.node === node.name && p.startedAt >= fault.at)
            .map((p) => p.endedAt),
        )
        table.push({
          fault: fault.name,
          node: node.name,
          acknowledged: during.filter((p) => p.status === 200).length,
          refused: during.filter((p) => p.status >= 400).length,
          unknown: during.filter((p) => p.status === 0).length,
          'first success ms': firstOk - fault.at,
        })
        expect(firstOk - fault.at).toBeLessThan(NODE_LOSS_GOAL_MS)
      }
    }
    console.table(table)
    expect(load.placements.filter((p) => p.status >= 500 && p.status !== 503)).toEqual([])
  })

  it('keeps every acknowledged bet once, a balanced ledger and every player’s money as the orders imply', async () => {
    await expectStoreSound(db, setup.marketId, setup.players, load.acknowledged)
  })
})
