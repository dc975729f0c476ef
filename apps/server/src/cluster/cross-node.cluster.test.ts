import { appKeyResponse } from '@backlay/contract/app-keys'
import { identityResponse, jsonRpcResult, marketBook } from '@backlay/contract/betfair-api'
import {
  cancelExecutionReport,
  currentOrderSummaryReport,
  placeExecutionReport,
} from '@backlay/contract/betfair-orders'
import { saveBetResponse } from '@backlay/contract/bets'
import { ladderResponse } from '@backlay/contract/ladder'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { StreamTestClient } from '../stream/testing'
import { type ClusterNode, TestCluster } from './testing'

/** Two processes, one PostgreSQL, one NATS: one exchange. */
describe('a cluster of two nodes', () => {
  let cluster: TestCluster
  let a: ClusterNode
  let b: ClusterNode

  beforeAll(async () => {
    cluster = await TestCluster.of('a', 'b')
    ;[a, b] = cluster.nodes as [ClusterNode, ClusterNode]
  })
  afterAll(() => cluster?.close())

  const ladderOn = async (node: ClusterNode, marketId: string) => {
    const res = await fetch(`${node.url}/api/v1/exchange/market/ladder?marketId=${marketId}`)
    return ladderResponse.parse(await res.json()).data
  }

  const bookOn = async (node: ClusterNode, marketId: string) => {
    const res = await node.post('match/matchDetailsOpen', { match_id: marketId.slice(2) })
    const markets = res.body.data as { market_id: string; runners: unknown[] }[]
    return markets.find((m) => m.market_id === marketId)?.runners
  }

  it('refuses the session on one node at once after a logout on the other', async () => {
    const player = await a.login('demo1')
    const balance = () => b.post('user/getBalanceCRef', {}, player.token)
    expect((await balance()).status).toBe(200)
    expect((await a.post('user/logout', {}, player.token)).status).toBe(200)
    const after = await balance()
    expect(after.status).toBe(401)
    expect(after.body.msg).toBe('You have been logged out. Please log in again.')
  })

  it.each([
    ['the owner', 'the other node'],
    ['the other node', 'the owner'],
  ])('matches a back placed through %s with a lay placed through %s', async (backVia) => {
    const market = await cluster.marketOwnedBy(a)
    const [backNode, layNode] = backVia === 'the owner' ? [a, b] : [b, a]
    const backer = await a.login('demo1')
    const layer = await b.login('demo2')
    // The layer follows the market on both nodes' streams, signed in on each.
    const watchers = await Promise.all([a, b].map((node) => StreamTestClient.open(node.url)))
    for (const w of watchers) {
      w.send({ type: 'auth', id: 'a', token: layer.token })
      w.send({
        type: 'subscribe',
        id: 's',
        market_ids: [market.marketId],
        ladder_market_ids: [market.marketId],
      })
    }
    await Promise.all(watchers.map((w) => w.next((m) => m.type === 'ack' && m.id === 's')))
    const bet = {
      market_id: market.marketId,
      odds: 2,
      selection_id: market.selectionIds[0],
      stack: 100,
    }

    const back = await backNode.post('bet/saveBet', { ...bet, is_back: 1 }, backer.token)
    expect(back.status).toBe(200)
    expect(saveBetResponse.parse(back.body).data.status).toBe('UNMATCHED')
    const lay = await layNode.post('bet/saveBet', { ...bet, is_back: 0 }, layer.token)
    expect(lay.status).toBe(200)
    expect(saveBetResponse.parse(lay.body).data.status).toBe('MATCHED')

    // Each node's stream carries the trade, and from that message on both show one book.
    const trades = await Promise.all(watchers.map((w) => w.next((m) => m.type === 'trades')))
    expect(trades[0]?.trades).toEqual(trades[1]?.trades)
    // The owner's private message of the lay reaches the layer on either node.
    const layId = saveBetResponse.parse(lay.body).data.bet_id
    const orders = await Promise.all(
      watchers.map((w) => w.next((m) => m.type === 'order' && m.bet_id === layId)),
    )
    for (const order of orders) expect(order.status).toBe('MATCHED')
    // The owner's ladder changes reach both nodes' streams: the matched price as traded.
    const tradedAt2 = (m: Record<string, unknown>) =>
      m.type === 'depth' && JSON.stringify(m.runners).includes('"traded":[{"price":2,')
    const depths = await Promise.all(watchers.map((w) => w.next(tradedAt2)))
    expect(depths[0]?.runners).toEqual(depths[1]?.runners)
    await expect
      .poll(async () => JSON.stringify(await bookOn(b, market.marketId)), { timeout: 2_000 })
      .toBe(JSON.stringify(await bookOn(a, market.marketId)))
    const selection = market.selectionIds[0] ?? ''
    const [onA, onB] = await Promise.all([a, b].map((node) => ladderOn(node, market.marketId)))
    expect(onB).toEqual(onA)
    const runner = onA?.runners.find((r) => r.selectionId === selection)
    expect(runner?.traded.find((l) => l.price === 2)?.size).toBe(100)
    for (const w of watchers) w.close()
  })

  it('places a trading-API bet through the node that does not own the market, on the owner’s book', async () => {
    const market = await cluster.marketOwnedBy(a)
    const web = await b.login('demo2')
    const key = appKeyResponse.parse((await b.post('account/appKeys', {}, web.token)).body).data
    const identity = await fetch(`${b.url}/betfair/identity/api/login`, {
      method: 'POST',
      headers: {
        'X-Application': key.appKey,
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ username: 'demo2', password: 'Password1' }),
    })
    const session = identityResponse.parse(await identity.json())
    expect(session.status).toBe('SUCCESS')
    const rpc = async <T extends z.ZodType>(
      node: ClusterNode,
      method: string,
      params: object,
      result: T,
    ) => {
      const res = await fetch(`${node.url}/betfair/exchange/betting/json-rpc/v1`, {
        method: 'POST',
        headers: {
          'X-Application': key.appKey,
          'X-Authentication': session.token,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          method: `SportsAPING/v1.0/${method}`,
          params,
          id: 1,
        }),
      })
      const body = (await res.json()) as { error?: unknown }
      if (body.error) throw new Error(`${method} on ${node.name}: ${JSON.stringify(body.error)}`)
      return (jsonRpcResult(result).parse(body) as { result: z.output<T> }).result
    }
    const selectionId = Number(market.selectionIds[0])
    const placed = await rpc(
      b,
      'placeOrders',
      {
        marketId: market.marketId,
        instructions: [
          {
            orderType: 'LIMIT',
            selectionId,
            side: 'LAY',
            limitOrder: { size: 10, price: 1.01, persistenceType: 'LAPSE' },
          },
        ],
      },
      placeExecutionReport,
    )
    expect(placed).toMatchObject({
      status: 'SUCCESS',
      instructionReports: [{ status: 'SUCCESS', orderStatus: 'EXECUTABLE' }],
    })
    const betId = placed.instructionReports[0]?.betId
    // The owner lists it and holds it on its book; either node answers the same.
    for (const node of [a, b]) {
      const current = await rpc(
        node,
        'listCurrentOrders',
        { betIds: [betId] },
        currentOrderSummaryReport,
      )
      expect(current.currentOrders.map((o) => o.status)).toEqual(['EXECUTABLE'])
      const [book] = await rpc(
        node,
        'listMarketBook',
        { marketIds: [market.marketId], priceProjection: { priceData: ['EX_ALL_OFFERS'] } },
        z.array(marketBook),
      )
      const runner = book?.runners.find((r) => r.selectionId === selectionId)
      expect(
        runner?.ex?.availableToBack.find((l) => l.price === 1.01)?.size,
      ).toBeGreaterThanOrEqual(10)
    }
    const cancelled = await rpc(
      b,
      'cancelOrders',
      { marketId: market.marketId, instructions: [{ betId }] },
      cancelExecutionReport,
    )
    expect(cancelled.status).toBe('SUCCESS')
  })
})

describe('a result declared through a node that does not own the market', () => {
  let cluster: TestCluster
  let a: ClusterNode
  let b: ClusterNode
  beforeAll(async () => {
    cluster = await TestCluster.of('a', 'b')
    ;[a, b] = cluster.nodes as [ClusterNode, ClusterNode]
  })
  afterAll(() => cluster?.close())

  it('settles on the owner: the players are paid and the owner takes no more bets', async () => {
    const market = await cluster.marketOwnedBy(a)
    const [home, away] = market.selectionIds
    const backer = await a.login('demo1')
    const layer = await b.login('demo2')
    const bet = { market_id: market.marketId, odds: 2, selection_id: home, stack: 100 }
    expect((await a.post('bet/saveBet', { ...bet, is_back: 1 }, backer.token)).status).toBe(200)
    expect((await b.post('bet/saveBet', { ...bet, is_back: 0 }, layer.token)).status).toBe(200)

    const login = await b.post('admin/login', { userName: 'operator1', password: 'Password1' })
    const operator = (login.body.data as { token: string }).token
    const declared = await b.post(
      `admin/markets/${market.marketId}/result`,
      { winnerSelectionId: home },
      operator,
    )
    expect(declared.status).toBe(200)
    const settled = await cluster.db
      .selectFrom('bet_orders')
      .select(['user_id', 'status'])
      .where('market_id', '=', market.marketId)
      .execute()
    expect(settled.map((o) => o.status)).toEqual(['SETTLED', 'SETTLED'])
    const late = await a.post(
      'bet/saveBet',
      { ...bet, selection_id: away, is_back: 1 },
      backer.token,
    )
    expect(late.status).toBe(409)
  })
})
