/**
 * saveBet over HTTP: acknowledged bets per second and p50/p99 latency, autocannon on loopback,
 * bet delay 0, against PGlite (on disk) and PostgreSQL (when TEST_DATABASE_URL is set).
 * Run: npm run bench -w apps/server   (or npx tsx apps/server/bench/save-bet.bench.ts)
 * BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 50) tune the run; BENCH_CPU_PROFILE=dir
 * writes a V8 CPU profile of each server there (open it in Chrome's DevTools).
 */
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import pg from 'pg'

interface ServerInfo {
  port: number
  tokens: string[]
  markets: { id: string; runners: { id: string; back: number }[] }[]
}

const here = dirname(fileURLToPath(import.meta.url))
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const PROFILE_DIR = process.env.BENCH_CPU_PROFILE

async function startServer(env: Record<string, string>) {
  const profile = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []
  const child = spawn(
    process.execPath,
    [...profile, '--import', 'tsx', join(here, 'save-bet-server.ts')],
    {
      cwd: join(here, '..'),
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        FEED_TICK_MS: '0',
        JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'backlay-bench-')),
        // 50 sessions place thousands of bets a second here, far past what a player's session
        // may (RATE_LIMIT_PER_SESSION): the bench measures the bet path, so no budget runs out.
        RATE_LIMIT_PER_SESSION: '1000000000',
        RATE_LIMIT_PER_ADDRESS: '1000000000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  const info = await new Promise<ServerInfo>((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', (line) =>
      resolve(JSON.parse(line) as ServerInfo),
    )
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)))
  })
  return { child, info }
}

async function run(label: string, env: Record<string, string>) {
  const { child, info } = await startServer(env)
  let n = 0
  try {
    const result = await autocannon({
      url: `http://127.0.0.1:${info.port}`,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          path: '/api/v1/bet/saveBet',
          setupRequest: (req) => {
            n++
            const market = info.markets[n % info.markets.length]
            const runner = market?.runners[n % (market?.runners.length ?? 1)]
            // Half take the market maker's price (matched), half rest unmatched above it.
            const odds = n % 2 === 0 ? (runner?.back ?? 200) / 100 : 1000
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
    const acked = result['2xx']
    console.log(
      `${label.padEnd(10)} ${(acked / SECONDS).toFixed(0).padStart(6)} acked bets/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   non-2xx ${result.non2xx}   errors ${result.errors}   (${CONNECTIONS} connections, ${SECONDS} s)`,
    )
  } finally {
    // A profiled server must exit by itself to write its profile.
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill(PROFILE_DIR ? 'SIGINT' : 'SIGKILL')
    await exited
  }
}

const adminUrl = process.env.TEST_DATABASE_URL
if (adminUrl) {
  const name = `backlay_bench_${Date.now()}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  try {
    await run('PostgreSQL', { DATABASE_URL: url.toString() })
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
  }
} else {
  console.log('PostgreSQL skipped: set TEST_DATABASE_URL')
}
await run('PGlite', {})
