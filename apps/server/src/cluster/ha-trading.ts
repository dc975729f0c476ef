/*
 * The three hosts set up for trading, as the fault and restore tests use them: the dev players
 * and operator logged in through the nodes, and the workload's markets open.
 */
import { connectDatabase } from '../db/connect'
import { catalogRepository } from '../db/repositories/catalog'
import { primaryHost } from './ha-faults'
import { hosts, startTopology } from './ha-topology'
import { ApiNode } from './testing'
import { openWorkloadMarkets } from './trading-workload'

type Player = { token: string; userId: string }

export async function startTradingTopology() {
  // No feed: the workload's own markets only; limits off, as the load is the point.
  const { secrets } = await startTopology({
    TRUST_PROXY: '10.77.0.0/24',
    NODE_ENV: 'test',
    FEED: 'off',
    RATE_LIMIT_PER_SESSION: '1000000000',
    RATE_LIMIT_PER_ADDRESS: '1000000000',
  })
  // The calls come as through a balancer on the bridge, naming the dev brand's host.
  const nodes = hosts.map((h) => new ApiNode(h.name, h.url, { 'x-forwarded-host': 'localhost' }))
  const password = secrets.PG_PASSWORD
  /** A connection to whichever PostgreSQL is the primary now (the test closes it). */
  const onPrimary = async () => {
    const primary = await primaryHost()
    if (!primary) throw new Error('no primary')
    return connectDatabase({
      kind: 'postgres',
      url: `postgres://postgres:${password}@${primary.ip}:5432/backlay`,
    })
  }
  const [n1, n2] = nodes as [ApiNode, ApiNode]
  const login = await n1.post('admin/login', { userName: 'operator1', password: 'Password1' })
  const operator = (login.body.data as { token: string }).token
  const db = await onPrimary()
  // With the feed off the catalogue has no sports: cricket, as the feed names it.
  await catalogRepository(db).upsertSports([{ id: '4', name: 'Cricket', sortOrder: 1 }])
  await db.destroy()
  const markets = await openWorkloadMarkets(n1, operator)
  const players: [Player, Player] = [await n1.login('demo1'), await n2.login('demo2')]
  return { nodes, password, onPrimary, operator, markets, players }
}
