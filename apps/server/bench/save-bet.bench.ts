/**
 * saveBet over HTTP against its ceiling: the real server on PostgreSQL (when TEST_DATABASE_URL
 * is set) and PGlite (on disk), bet delay 0, each right after bare Fastify echoing the same POST
 * (what the framework itself serves on this machine; measured again for each store, as a shared
 * host's speed drifts over a run). Each prints acknowledged answers per second and p50/p99
 * latency from autocannon on loopback; the real servers also print their ratio to the ceiling
 * against the goal, statements and transactions per bet, and the event loop's delay.
 * Then the floor: the same server answering the same call refused by validation (odds 0), which
 * runs everything a bet passes through before the engine (security headers, CORS, rate limit,
 * token and session check, parsing, validation) and answers 400. saveBet cannot pass that rate.
 * For both it prints the CPU each answer cost in the server, in PostgreSQL's processes and in
 * autocannon, and the rate the machine's cores would allow at that cost: the three share them.
 * Run: npm run bench -w apps/server   (or npx tsx apps/server/bench/save-bet.bench.ts)
 * Each measured load follows a warm-up load of the same kind, not counted: a server's first
 * seconds run code V8 has not compiled yet (about 2 s here, at a third of the steady rate and
 * p99 100 ms and more), and a player of a running exchange meets the steady one.
 * BENCH_SECONDS (default 10), BENCH_WARM_UP_SECONDS (default 3; 0 measures the cold start) and
 * BENCH_CONNECTIONS (default 50) tune the run; BENCH_CPU_PROFILE=dir writes a V8 CPU profile of
 * each server there (open it in Chrome's DevTools).
 */
import type { ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import autocannon, { type Result } from 'autocannon'
import { withBenchDatabase } from './bench-database'
import { startBenchServer } from './bench-server'
import type { LoadStats, ServerInfo } from './save-bet-protocol'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 3)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const PROFILE_DIR = process.env.BENCH_CPU_PROFILE
/** The goals: saveBet's rate as a share of the ceiling's, and PostgreSQL's p99. */
const GOAL = { PostgreSQL: 0.33, PGlite: 0.15 } as const
const GOAL_P99_MS = 25

/** Asks the Backlay bench server something over IPC and waits for its answer. */
function ask<T>(child: ChildProcess, message: 'start' | 'report'): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (answer) => resolve(answer as T))
    child.send(message)
  })
}

/**
 * autocannon's load: half the bets take the market maker's price, half rest above it; or, for
 * the floor, every one at odds 0, which validation refuses.
 */
function load(info: ServerInfo, refused: boolean, seconds: number) {
  let n = 0
  return autocannon({
    url: `http://127.0.0.1:${info.port}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/bet/saveBet',
        setupRequest: (req) => {
          n++
          const market = info.markets[n % info.markets.length]
          const runner = market?.runners[n % (market?.runners.length ?? 1)]
          const odds = refused ? 0 : n % 2 === 0 ? (runner?.back ?? 200) / 100 : 1000
          return {
            ...req,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${info.tokens[n % info.tokens.length]}`,
            },
            body: JSON.stringify({
              is_back: 1,
              market_id: market?.id,
              odds,
              selection_id: runner?.id,
              stack: 100,
            }),
          }
        },
      },
    ],
  })
}

/**
 * CPU time (ms) each process `which` picks (by pid and name) has used so far, from Linux's /proc;
 * or each thread, given a process's `/proc/<pid>/task` as `root`.
 */
function cpuMsOf(which: (pid: number, name: string) => boolean, root = '/proc') {
  const used = new Map<number, number>()
  for (const pid of readdirSync(root).filter((name) => /^\d+$/.test(name))) {
    let stat: string
    try {
      stat = readFileSync(`${root}/${pid}/stat`, 'utf8')
    } catch {
      continue // exited meanwhile
    }
    if (!which(Number(pid), stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')))) continue
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    used.set(Number(pid), (Number(fields[11]) + Number(fields[12])) * 10) // utime, stime; USER_HZ 100
  }
  return used
}

/** CPU the picked processes used since `before`: a process started since counts whole. */
const cpuMsSince = (
  before: Map<number, number>,
  which: (pid: number, name: string) => boolean,
  root?: string,
) => [...cpuMsOf(which, root)].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0)

/**
 * Warms a server up, then loads it (load's bets, or the refused ones) and tells what each answer
 * cost in CPU, in the server (and in its event loop's thread, which one core bounds; PGlite and
 * the garbage collector run on others), in PostgreSQL's processes and in autocannon itself, and
 * the rate the machine's cores would allow at that cost. `afterWarmUp` runs between the two.
 */
async function measuredLoad(
  server: ChildProcess,
  info: ServerInfo,
  {
    refused = false,
    afterWarmUp,
  }: { refused?: boolean; afterWarmUp?: () => Promise<unknown> } = {},
) {
  if (WARM_UP_SECONDS > 0) await load(info, refused, WARM_UP_SECONDS)
  await afterWarmUp?.()
  const postgres = (_: number, name: string) => name === 'postgres'
  const ofServer = (pid: number) => pid === server.pid
  // The main thread's id is the process's.
  const threads = `/proc/${server.pid}/task`
  const before = {
    server: cpuMsOf(ofServer),
    eventLoop: cpuMsOf(ofServer, threads),
    postgres: cpuMsOf(postgres),
    loader: process.cpuUsage(),
  }
  const result = await load(info, refused, SECONDS)
  const loader = process.cpuUsage(before.loader)
  const answers = refused ? result['4xx'] : result['2xx']
  const each = {
    server: cpuMsSince(before.server, ofServer) / answers,
    eventLoop: cpuMsSince(before.eventLoop, ofServer, threads) / answers,
    postgres: cpuMsSince(before.postgres, postgres) / answers,
    autocannon: (loader.user + loader.system) / 1000 / answers,
  }
  const allowed = (availableParallelism() * 1000) / (each.server + each.postgres + each.autocannon)
  const cpu = `CPU per answer: server ${each.server.toFixed(3)} ms (its event loop's thread ${each.eventLoop.toFixed(3)} ms), PostgreSQL ${each.postgres.toFixed(3)} ms, autocannon ${each.autocannon.toFixed(3)} ms; ${availableParallelism()} cores allow ${allowed.toFixed(0)}/s at that cost`
  return { result, answers, cpu }
}

async function stop(child: ChildProcess) {
  // A profiled server must exit by itself to write its profile.
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill(PROFILE_DIR ? 'SIGINT' : 'SIGKILL')
  await exited
}

const figures = (result: Result) =>
  `${(result['2xx'] / SECONDS).toFixed(0).padStart(6)}/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   non-2xx ${result.non2xx}   errors ${result.errors}`

/** The ceiling: bare Fastify answering the same requests; returns its answers per second. */
async function ceiling() {
  const { child, info } = await startBenchServer('fastify-echo-server.ts', {}, PROFILE_DIR)
  try {
    const { result, cpu } = await measuredLoad(child, info)
    console.log(
      `${'ceiling'.padEnd(10)} ${figures(result)}   (bare Fastify echo, ${CONNECTIONS} connections, ${SECONDS} s after ${WARM_UP_SECONDS} s of warm-up)`,
    )
    console.log(`${''.padEnd(10)} ${cpu}`)
    return result['2xx'] / SECONDS
  } finally {
    await stop(child)
  }
}

async function saveBet(store: keyof typeof GOAL, env: Record<string, string>) {
  const ceilingRate = await ceiling()
  const { child, info } = await startBenchServer('save-bet-server.ts', env, PROFILE_DIR)
  try {
    const {
      result,
      answers: bets,
      cpu,
    } = await measuredLoad(child, info, {
      afterWarmUp: () => ask(child, 'start'),
    })
    const stats = await ask<LoadStats>(child, 'report')
    const ratio = bets / SECONDS / ceilingRate
    const p99Goal = store === 'PostgreSQL' ? `, p99 ≤ ${GOAL_P99_MS} ms` : ''
    const perBet = (n: number) => (bets > 0 ? n / bets : Number.NaN).toFixed(2)
    console.log(
      `${store.padEnd(10)} ${figures(result)}   ${ratio.toFixed(3)}× the ceiling (goal ≥ ${GOAL[store]}×${p99Goal})`,
    )
    console.log(
      `${''.padEnd(10)} per bet: ${perBet(stats.statements)} statements, ${perBet(stats.transactions)} transactions, ` +
        `${perBet(stats.statementMs)} ms waiting on the store; event-loop delay p50 ${stats.loopDelayMs.p50.toFixed(1)} ms, p99 ${stats.loopDelayMs.p99.toFixed(1)} ms`,
    )
    console.log(`${''.padEnd(10)} ${cpu}`)
    const floor = await measuredLoad(child, info, { refused: true })
    console.log(
      `${'floor'.padEnd(10)} ${(floor.answers / SECONDS).toFixed(0).padStart(6)}/s   p50 ${floor.result.latency.p50} ms   p99 ${floor.result.latency.p99} ms   ` +
        `${(floor.answers / SECONDS / ceilingRate).toFixed(3)}× the ceiling: the same call refused by validation (everything before the engine)`,
    )
    console.log(`${''.padEnd(10)} ${floor.cpu}`)
  } finally {
    await stop(child)
  }
}

const adminUrl = process.env.TEST_DATABASE_URL
if (adminUrl) {
  await withBenchDatabase(adminUrl, (url) => saveBet('PostgreSQL', { DATABASE_URL: url }))
} else {
  console.log('PostgreSQL skipped: set TEST_DATABASE_URL')
}
await saveBet('PGlite', {})
