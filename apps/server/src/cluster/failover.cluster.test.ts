import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BetLoad, type ClusterNode, expectStoreSound, TestCluster, until } from './testing'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Two nodes trading one market owned by `a`, with a load of bets through both. */
async function busyCluster() {
  const cluster = await TestCluster.of('a', 'b')
  const [a, b] = cluster.nodes as [ClusterNode, ClusterNode]
  const market = await cluster.marketOwnedBy(a)
  const players = [await a.login('demo1'), await b.login('demo2')]
  return { cluster, a, b, market, players }
}

const expectSound = (setup: Awaited<ReturnType<typeof busyCluster>>, load: BetLoad) =>
  expectStoreSound(setup.cluster.db, setup.market.marketId, setup.players, load.acknowledged)

describe('the owner of a busy market killed (SIGKILL)', () => {
  let setup: Awaited<ReturnType<typeof busyCluster>>
  let load: BetLoad
  let killedAt = 0

  beforeAll(async () => {
    setup = await busyCluster()
    const { cluster, a, market, players } = setup
    load = new BetLoad(() => cluster.nodes, market, players)
    await sleep(2_000)
    killedAt = Date.now()
    await a.kill()
    await sleep(7_000)
    await load.stop()
  })
  afterAll(() => setup?.cluster.close())

  it('trades again through the survivor within 5 s', () => {
    const after = load.acknowledged.filter((p) => p.node === 'b' && p.startedAt > killedAt)
    expect(after.length).toBeGreaterThan(0)
    const firstAt = Math.min(...after.map((p) => p.endedAt))
    expect(firstAt - killedAt).toBeLessThan(5_000)
    // Nothing the survivor was asked failed; the killed node's connections just dropped.
    expect(load.placements.filter((p) => p.node === 'b' && p.status !== 200)).toEqual([])
  })

  it('keeps every acknowledged bet once, a balanced ledger and every player’s money as the orders imply', async () => {
    await expectSound(setup, load)
  })
})

describe('the owner of a busy market frozen (SIGSTOP) past its lease, then resumed', () => {
  let setup: Awaited<ReturnType<typeof busyCluster>>
  let load: BetLoad
  let before: { owner: string | null; epoch: number } | undefined

  beforeAll(async () => {
    setup = await busyCluster()
    const { cluster, a, b, market, players } = setup
    before = await cluster.leaseOf(market.marketId)
    load = new BetLoad(() => cluster.nodes, market, players)
    await sleep(1_500)
    a.freeze()
    await until(
      async () => b.is((await cluster.leaseOf(market.marketId))?.owner),
      'the other node holds the market',
    )
    await sleep(2_000)
    a.thaw()
    await sleep(4_000)
    await load.stop()
  })
  afterAll(() => setup?.cluster.close())

  it('is taken over by the other node, and steps down by itself once it runs again', async () => {
    expect(setup.a.is(before?.owner)).toBe(true)
    await expect.poll(() => setup.a.log).toContain('cluster: lost a shard lease')
    // Whatever it was asked before it froze is answered once it runs again, by the new owner.
    const fromA = load.placements.filter((p) => p.node === 'a')
    expect(fromA.filter((p) => p.status !== 200)).toEqual([])
  })

  it('lands none of its writes after the takeover: the store stays sound', async () => {
    await expectSound(setup, load)
  })
})
