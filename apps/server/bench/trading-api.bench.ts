import autocannon, { type Result } from 'autocannon'
import { startBenchServer } from './bench-server'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 3)
const GOAL = { placeOrders: 0.8, listMarketBook: 0.5, p99Ms: 10 }

const PROFILE_DIR = process.env.BENCH_CPU_PROFILE
const { child, info } = await startBenchServer('save-bet-server.ts', {}, PROFILE_DIR)

type Body = (n: number) => { path: string; headers: Record<string, string>; body: string }

/**
 * A warmed-up load of `body`'s requests; the measured run's result, and how many answers were
 * refusals inside a 200 (JSON-RPC's errors, a report's FAILURE, the web's status false).
 */
async function load(body: Body, connections: number) {
  let refused = 0
  let read = 0
  const run = (seconds: number) => {
    let n = 0
    refused = 0
    read = 0
    return autocannon({
      url: `http://127.0.0.1:${info.port}`,
      connections,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => {
            n++
            return { ...req, method: 'POST', ...body(n) }
          },
          onResponse: (_status, answer) => {
            read++
            if (/"error"|"status":"FAILURE"|"status":false/.test(answer)) refused++
          },
        },
      ],
    })
  }
  if (WARM_UP_SECONDS > 0) await run(WARM_UP_SECONDS)
  const result = await run(SECONDS)
  // Every answer was read: a refusal inside a 200 cannot pass for a success.
  if (read < result['2xx']) throw new Error(`read ${read} of ${result['2xx']} answers`)
  return Object.assign(result, { refused })
}

/** The n-th bet of the load: a market, a runner, and the market maker's price or far above it. */
const bet = (n: number) => {
  const market = info.markets[n % info.markets.length]
  const runner = market?.runners[n % (market?.runners.length ?? 1)]
  return {
    market: market?.id ?? '',
    runner: runner?.id ?? '',
    odds: n % 2 === 0 ? (runner?.back ?? 200) / 100 : 1000,
    who: n % info.tokens.length,
  }
}
const api = (who: number) => ({
  'content-type': 'application/json',
  'x-application': info.appKeys[who] ?? '',
  'x-authentication': info.tokens[who] ?? '',
})
const rpc = (method: string, params: object) =>
  JSON.stringify({ jsonrpc: '2.0', method: `SportsAPING/v1.0/${method}`, params, id: 1 })

const saveBet: Body = (n) => {
  const b = bet(n)
  return {
    path: '/api/v1/bet/saveBet',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${info.tokens[b.who]}` },
    body: JSON.stringify({
      is_back: 1,
      market_id: b.market,
      odds: b.odds,
      selection_id: b.runner,
      stack: 100,
    }),
  }
}
const placeOrders: Body = (n) => {
  const b = bet(n)
  return {
    path: '/betfair/exchange/betting/json-rpc/v1',
    headers: api(b.who),
    body: rpc('placeOrders', {
      marketId: b.market,
      instructions: [
        {
          orderType: 'LIMIT',
          selectionId: Number(b.runner),
          side: 'BACK',
          limitOrder: { size: 100, price: b.odds, persistenceType: 'LAPSE' },
        },
      ],
    }),
  }
}
const book =
  (marketIds: string[]): Body =>
  (n) => ({
    path: '/betfair/exchange/betting/json-rpc/v1',
    headers: api(n % info.tokens.length),
    body: rpc('listMarketBook', {
      marketIds,
      priceProjection: { priceData: ['EX_BEST_OFFERS'] },
    }),
  })

type Measured = Result & { refused: number }
/** Answers that were what the call asked for, a second. */
const rate = (result: Measured) => (result['2xx'] - result.refused) / SECONDS
const line = (name: string, result: Measured) =>
  `${name.padEnd(26)} ${rate(result).toFixed(0).padStart(6)}/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   non-2xx ${result.non2xx}   refused in a 200 ${result.refused}   errors ${result.errors}`
const verdict = (ratio: number, goal: number) =>
  `${ratio.toFixed(2)}× (goal ≥ ${goal}×: ${ratio >= goal ? 'met' : 'NOT met'})`

try {
  const store = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'
  console.log(
    `trading API bench on ${store}, ${SECONDS} s each after ${WARM_UP_SECONDS} s of warm-up`,
  )
  const web = await load(saveBet, 50)
  console.log(line('saveBet (web)', web))
  const bf = await load(placeOrders, 50)
  console.log(line('placeOrders (1 instruction)', bf))
  console.log(`placeOrders / saveBet: ${verdict(rate(bf) / rate(web), GOAL.placeOrders)}`)

  const ten = info.markets.slice(0, 10).map((m) => m.id)
  const floor = await load(book(ten.map((_, i) => `1.${900_000_000 + i}`)), 10)
  console.log(line('listMarketBook floor', floor))
  const read = await load(book(ten), 10)
  console.log(line('listMarketBook 10 markets', read))
  console.log(
    `listMarketBook / floor: ${verdict(rate(read) / rate(floor), GOAL.listMarketBook)}; p99 ${read.latency.p99} ms (goal ≤ ${GOAL.p99Ms} ms: ${read.latency.p99 <= GOAL.p99Ms ? 'met' : 'NOT met'})`,
  )
} finally {
  // A profiled server must exit by itself to write its profile.
  child.kill(PROFILE_DIR ? 'SIGINT' : 'SIGKILL')
}
