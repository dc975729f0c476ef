import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BetLoad, type ClusterNode, expectStoreSound, TestCluster } from './testing'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('a rolling restart of three nodes under a load of bets', () => {
  let cluster: TestCluster
  let load: BetLoad
  let market: Awaited<ReturnType<TestCluster['openMarket']>>
  let players: { token: string; userId: string }[]
  const live: ClusterNode[] = []

  beforeAll(async () => {
    cluster = await TestCluster.of('a', 'b', 'c')
    const [a, b] = cluster.nodes as [ClusterNode, ClusterNode]
    live.push(...cluster.nodes)
    market = await cluster.openMarket('rolling')
    players = [await a.login('demo1'), await b.login('demo2')]
    load = new BetLoad(() => live, market, players, 6)
    await sleep(1_500)
    // Each node in turn: SIGTERM (it hands its shards over), then its replacement joins.
    for (const name of ['a', 'b', 'c']) {
      const old = live.find((n) => n.name === name)
      if (!old) throw new Error(`no node ${name}`)
      await old.stop()
      live.splice(live.indexOf(old), 1)
      await cluster.settled(live)
      live.push(await cluster.start(name))
      await cluster.settled(live)
      await sleep(1_000)
    }
    await load.stop()
  })
  afterAll(() => cluster?.close())

  it('fails no placement beyond the retryable BET.RETRY, and the market changed hands', async () => {
    const failed = load.placements.filter((p) => p.status !== 200 && p.code !== 'BET.RETRY')
    expect(failed).toEqual([])
    expect(load.acknowledged.length).toBeGreaterThan(100)
    expect((await cluster.leaseOf(market.marketId))?.epoch).toBeGreaterThan(1)
  })

  it('loses and repeats no bet, and keeps the ledger and every player’s money sound', async () => {
    await expectStoreSound(cluster.db, market.marketId, players, load.acknowledged)
  })
})
