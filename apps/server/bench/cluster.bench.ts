/**
 * saveBet across a cluster (src/cluster/) on this machine's PostgreSQL and NATS: acknowledged
 * bets per second and p99 latency with 1, 2 and 3 nodes sharing the load, then, in the same run,
 * what a placement forwarded to its market's owner costs against one placed on the owner itself
 * (mean latency, same connections, same markets), against the goal of 1.5×.
 * Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:cluster -w apps/server
 * (TEST_NATS_URL, else nats://127.0.0.1:4222). BENCH_SECONDS (default 10) and BENCH_CONNECTIONS
 * (default 50) tune each load, as in the saveBet bench.
 */
import autocannon, { type Result } from 'autocannon'
import type { TestCluster as Cluster, ClusterNode } from '../src/cluster/testing'

process.env.TEST_DB = 'postgres'
const { TestCluster } = await import('../src/cluster/testing')

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const MARKETS = 32
const PLAYERS = 50
const FORWARD_GOAL = 1.5

type Market = Awaited<ReturnType<Cluster['openMarket']>>

/**
 * Bets of ₹10 at 2.00 on the markets, each player backing on even turns and laying on odd ones,
 * so they keep matching each other, `connections` at a time against one node.
 */
function load(
  node: ClusterNode,
  markets: readonly Market[],
  tokens: readonly string[],
  connections: number,
) {
  let n = 0
  return autocannon({
    url: node.url,
    connections,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/bet/saveBet',
        setupRequest: (req) => {
          n++
          const market = markets[n % markets.length]
          return {
            ...req,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${tokens[n % tokens.length]}`,
            },
            body: JSON.stringify({
              is_back: Math.floor(n / tokens.length) % 2,
              market_id: market?.marketId,
              odds: 2,
              selection_id: market?.selectionIds[0],
              stack: 10,
            }),
          }
        },
      },
    ],
  })
}

const rate = (results: readonly Result[]) => results.reduce((sum, r) => sum + r['2xx'], 0) / SECONDS
const failures = (results: readonly Result[]) =>
  results.reduce((sum, r) => sum + r.non2xx + r.errors, 0)

async function clusterOf(size: number) {
  const cluster = await TestCluster.of(...['a', 'b', 'c'].slice(0, size))
  const nodes = [...cluster.nodes]
  const markets: Market[] = []
  for (let i = 0; i < MARKETS; i++) markets.push(await cluster.openMarket(`bench${i}`))
  const tokens = (await cluster.newPlayers(PLAYERS, 1_00_00_000)).map((p) => p.token)
  return { cluster, nodes, markets, tokens }
}

console.log(
  `saveBet on a cluster: ${CONNECTIONS} connections in all, ${SECONDS} s a load, ${MARKETS} markets, ${PLAYERS} players`,
)
for (const size of [1, 2, 3]) {
  const { cluster, nodes, markets, tokens } = await clusterOf(size)
  try {
    const results = await Promise.all(
      nodes.map((node) => load(node, markets, tokens, Math.ceil(CONNECTIONS / size))),
    )
    const p99 = Math.max(...results.map((r) => r.latency.p99))
    console.log(
      `${size} node${size > 1 ? 's' : ' '}  ${rate(results).toFixed(0).padStart(6)} bets/s   p99 ${p99} ms   failed ${failures(results)}`,
    )
    if (size !== 2) continue
    const [a, b] = nodes as [ClusterNode, ClusterNode]
    const owned: Market[] = []
    for (const market of markets)
      if (a.is((await cluster.leaseOf(market.marketId))?.owner)) owned.push(market)
    const local = await load(a, owned, tokens, CONNECTIONS)
    const forwarded = await load(b, owned, tokens, CONNECTIONS)
    const cost = forwarded.latency.average / local.latency.average
    const line = (what: string, r: Result) =>
      `  ${what.padEnd(10)} ${rate([r]).toFixed(0).padStart(6)} bets/s   mean ${r.latency.average.toFixed(1)} ms   p99 ${r.latency.p99} ms   failed ${failures([r])}`
    console.log(`forwarding, on the ${owned.length} markets node a owns:`)
    console.log(line('on a', local))
    console.log(line('via b', forwarded))
    console.log(
      `  a forwarded placement costs ${cost.toFixed(2)}× a local one (goal ≤ ${FORWARD_GOAL}×)`,
    )
  } finally {
    await cluster.close()
  }
}
