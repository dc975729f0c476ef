/**
 * What synchronous replication costs saveBet, on the three-host topology (src/cluster/
 * ha-topology.ts, as root): bets per second and p99 through all three Backlay nodes with the
 * primary replicating synchronously to a standby, then, in the same run and on the same nodes,
 * primary and HAProxy, with the standbys stopped and synchronous mode off, so the figure
 * isolates the replication (goal: ≥ 0.7× the bets/s). First it measures what each kind of
 * process costs idle and under each load, in CPU share of one core: all of it shares this
 * machine's cores.
 * Run: npm run bench:replication -w apps/server (BENCH_SECONDS, default 15; BENCH_CONNECTIONS, 48).
 */
import { readFileSync } from 'node:fs'
import autocannon, { type Result } from 'autocannon'
import { createTokenService } from '../src/auth/tokens'
import { systemClock } from '../src/clock'
import { killDatabase, primaryHost } from '../src/cluster/ha-faults'
import { type HaHost, hosts, run, stopTopology } from '../src/cluster/ha-topology'
import { startTradingTopology } from '../src/cluster/ha-trading'
import { openTestMarket } from '../src/cluster/testing'
import { newPlayer } from '../src/markets/test-support'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 48)
const IDLE_SECONDS = 10
const MARKETS = 32
const PLAYERS = 48
const GOAL = 0.7
const TICKS_PER_SECOND = 100
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The process kinds whose CPU is counted, by command line; PostgreSQL by its host's role. */
const KINDS: [string, RegExp][] = [
  ['backlay', /src\/main\.ts/],
  ['patroni', /patroni/],
  ['postgres', /postgres/],
  ['etcd', /^etcd/],
  ['haproxy', /haproxy/],
  ['nats', /nats-server/],
]

/**
 * CPU ticks each process of the hosts has used so far, with its kind ('postgres' split by its
 * host's role). A process's count includes its children that ended (a backend's, in its
 * postmaster's).
 */
function cpuTicks(primary: HaHost): Map<string, { kind: string; ticks: number }> {
  const ticks = new Map<string, { kind: string; ticks: number }>()
  for (const h of hosts) {
    for (const pid of run('ip', ['netns', 'pids', h.ns]).split('\n').filter(Boolean)) {
      try {
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
        // utime, stime, cutime, cstime: the 14th to 17th fields, after the command's name.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
        const used = [11, 12, 13, 14].reduce((sum, f) => sum + Number(fields[f]), 0)
        const kind = KINDS.find(([, re]) => re.test(command))?.[0]
        if (!kind) continue
        const role = kind === 'postgres' ? (h === primary ? ' primary' : ' standbys') : ''
        ticks.set(pid, { kind: kind + role, ticks: used })
      } catch {
        // Gone meanwhile (a backend that ended).
      }
    }
  }
  return ticks
}

/** Each kind's share of one core while `work` ran. */
async function cpuDuring<T>(primary: HaHost, work: () => Promise<T>) {
  const before = cpuTicks(primary)
  const started = performance.now()
  const result = await work()
  const seconds = (performance.now() - started) / 1000
  const after = cpuTicks(primary)
  const used = new Map<string, number>()
  const add = (kind: string, ticks: number) => used.set(kind, (used.get(kind) ?? 0) + ticks)
  for (const [pid, { kind, ticks }] of after) add(kind, ticks - (before.get(pid)?.ticks ?? 0))
  // A process that ended is in its parent's count whole: what it had used before is not new.
  for (const [pid, { kind, ticks }] of before) if (!after.has(pid)) add(kind, -ticks)
  const shares: Record<string, string> = {}
  for (const [kind, t] of used)
    shares[kind] = `${((t / TICKS_PER_SECOND / seconds) * 100).toFixed(0)}%`
  return { result, shares }
}

const setup = await startTradingTopology()
try {
  const primary = await primaryHost()
  if (!primary) throw new Error('no primary')
  const db = await setup.onPrimary()
  const tokens = createTokenService({
    secret: setup.password.repeat(2),
    ttlSeconds: 86_400,
    clock: systemClock,
  })
  const markets: Awaited<ReturnType<typeof openTestMarket>>[] = []
  for (let i = 0; i < MARKETS; i++) markets.push(await openTestMarket(db, `bench${i}`))
  const players: string[] = []
  for (let i = 0; i < PLAYERS; i++)
    players.push((await newPlayer({ db, tokens }, { rupees: 1_00_00_000 })).token)
  await db.destroy()

  /** ₹10 at 2.00, players backing and laying in turn so the bets match, split over the nodes. */
  const load = () =>
    Promise.all(
      hosts.map((h, i) => {
        let n = i
        return autocannon({
          url: h.url,
          connections: Math.ceil(CONNECTIONS / hosts.length),
          duration: SECONDS,
          requests: [
            {
              method: 'POST',
              path: '/api/v1/bet/saveBet',
              setupRequest: (req) => {
                n += hosts.length
                const market = markets[n % markets.length]
                return {
                  ...req,
                  headers: {
                    'content-type': 'application/json',
                    'x-forwarded-host': 'localhost',
                    authorization: `Bearer ${players[n % players.length]}`,
                  },
                  body: JSON.stringify({
                    is_back: Math.floor(n / players.length) % 2,
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
      }),
    )
  const figures = (results: Result[]) => ({
    rate: results.reduce((s, r) => s + r['2xx'], 0) / SECONDS,
    p99: Math.max(...results.map((r) => r.latency.p99)),
    failed: results.reduce((s, r) => s + r.non2xx + r.errors, 0),
  })

  console.log(
    `saveBet through 3 Backlay nodes: ${CONNECTIONS} connections, ${SECONDS} s a load, ${MARKETS} markets, ${PLAYERS} players`,
  )
  // Warm: every market loaded on its owner, every connection pool filled.
  await load()
  const idleSync = await cpuDuring(primary, () => sleep(IDLE_SECONDS * 1000))
  const sync = await cpuDuring(primary, load)

  // The same primary alone: synchronous mode off, the standbys' databases stopped.
  const config = await fetch(`http://${primary.ip}:8008/config`, {
    method: 'PATCH',
    body: JSON.stringify({ synchronous_mode: false }),
  })
  if (!config.ok) throw new Error(`Patroni refused the config change: ${config.status}`)
  for (const h of hosts) if (h !== primary) killDatabase(h)
  await sleep(5_000)
  const idleAlone = await cpuDuring(primary, () => sleep(IDLE_SECONDS * 1000))
  const alone = await cpuDuring(primary, load)

  const a = figures(sync.result)
  const b = figures(alone.result)
  console.table({
    'synchronous replication': { 'bets/s': a.rate.toFixed(0), 'p99 ms': a.p99, failed: a.failed },
    'primary alone': { 'bets/s': b.rate.toFixed(0), 'p99 ms': b.p99, failed: b.failed },
  })
  console.log('CPU, share of one core:')
  console.table({
    'idle, replicating': idleSync.shares,
    'load, replicating': sync.shares,
    'idle, alone': idleAlone.shares,
    'load, alone': alone.shares,
  })
  console.log(
    `with synchronous replication: ${(a.rate / b.rate).toFixed(2)}× the bets/s of the primary alone (goal ≥ ${GOAL}×)`,
  )
} finally {
  stopTopology()
}
