import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_PLAYER_FUNDS } from '../seed/seed-dev-data'
import { BetLoad, type ClusterNode, checkStore, TestCluster } from './testing'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('a rolling restart of three nodes under a load of bets', () => {
  let cluster: TestCluster
  let load: BetLoad
  let market: Awaited<ReturnType<TestCluster['openMarket']>>
  let players: { token: string; userId: string }[]
  const live: ClusterNode[] = []

  beforeAll(async () => {
    cluster = await TestCluster.create()
    const [a, b, c] = [await cluster.start('a'), await cluster.start('b'), await cluster.start('c')]
    live.push(a, b, c)
    await cluster.settled(live)
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
    console.log(
      'PLACEMENTS',
      load.placements.length,
      load.acknowledged.length,
      load.placements.filter((p) => p.code === 'BET.RETRY').length,
      Math.max(...load.placements.map((p) => p.endedAt - p.startedAt)),
    )
    const failed = load.placements.filter((p) => p.status !== 200 && p.code !== 'BET.RETRY')
    expect(failed).toEqual([])
    expect(load.acknowledged.length).toBeGreaterThan(100)
    expect((await cluster.leaseOf(market.marketId))?.epoch).toBeGreaterThan(1)
  })

  it('loses and repeats no bet, and keeps the ledger and every player’s money sound', async () => {
    const store = await checkStore(cluster.db, market.marketId, players, load.acknowledged)
    expect(store.missingOrRepeated).toEqual([])
    expect(store.ledgerTotal).toBe(0)
    expect(store.matchedBack).toBe(store.matchedLay)
    for (const money of store.money) {
      expect(money.exposure).toBe(money.required)
      expect(money.cash + money.exposure).toBe(DEV_PLAYER_FUNDS)
    }
  })
})
