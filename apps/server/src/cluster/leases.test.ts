import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/schema'
import { openMigratedTestDatabase } from '../test/test-database'
import { Fenced, LeaseStore } from './leases'

const TTL_MS = 300
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('shard leases', () => {
  let db: Kysely<Database>
  let close: () => Promise<void>
  let a: LeaseStore
  let b: LeaseStore

  beforeAll(async () => {
    ;({ db, close } = await openMigratedTestDatabase())
    a = new LeaseStore(db, 'node-a', TTL_MS)
    b = new LeaseStore(db, 'node-b', TTL_MS)
  })
  afterAll(() => close())

  it('lists the nodes seen within the lease time, and forgets one that left', async () => {
    await a.heartbeat()
    expect(await b.heartbeat()).toEqual(['node-a', 'node-b'])
    await b.leave()
    expect(await a.heartbeat()).toEqual(['node-a'])
  })

  it('lets one node hold a shard until its lease runs out; the next owner gets a new epoch', async () => {
    expect(await a.acquire([1, 2])).toEqual([
      { shard: 1, epoch: 1 },
      { shard: 2, epoch: 1 },
    ])
    expect(await b.acquire([1])).toEqual([])
    expect(await a.renew([{ shard: 1, epoch: 1 }])).toEqual(new Set([1]))
    await sleep(TTL_MS + 100)
    expect(await b.acquire([1])).toEqual([{ shard: 1, epoch: 2 }])
    // The old owner can neither renew nor write any more.
    expect(await a.renew([{ shard: 1, epoch: 1 }])).toEqual(new Set())
    await expect(
      db.transaction().execute((trx) => a.fence(trx, [{ shard: 1, epoch: 1 }])),
    ).rejects.toBeInstanceOf(Fenced)
    await db.transaction().execute((trx) => b.fence(trx, [{ shard: 1, epoch: 2 }]))
  })

  it('hands a released shard over at once', async () => {
    const [lease] = await b.acquire([3])
    if (!lease) throw new Error('shard 3 was free')
    expect(await a.acquire([3])).toEqual([])
    await b.release([lease])
    expect(await a.acquire([3])).toEqual([{ shard: 3, epoch: lease.epoch + 1 }])
  })

  it('makes a takeover wait for a write in flight, so the write lands before it', async () => {
    const [lease] = await a.acquire([4])
    if (!lease) throw new Error('shard 4 was free')
    await sleep(TTL_MS + 100)
    const order: string[] = []
    let takeover: Promise<unknown> = Promise.resolve()
    await db.transaction().execute(async (trx) => {
      await a.fence(trx, [lease])
      takeover = b.acquire([4]).then((taken) => order.push(`takeover epoch ${taken[0]?.epoch}`))
      await sleep(200)
      await trx
        .insertInto('cluster_nodes')
        .values({ node_id: 'write', seen_at: new Date() })
        .execute()
      order.push('write')
    })
    await takeover
    expect(order).toEqual(['write', `takeover epoch ${lease.epoch + 1}`])
    await expect(db.transaction().execute((trx) => a.fence(trx, [lease]))).rejects.toBeInstanceOf(
      Fenced,
    )
  })
})
