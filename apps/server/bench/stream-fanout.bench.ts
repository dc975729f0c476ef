/**
 * How long one price change takes to reach every WebSocket subscriber of a market: the server
 * (the real app on PGlite, feed snapshot only) publishes on the bus as the books do; the clients
 * live in a child process so their work does not slow the server's clock. Latency = arrival in
 * the child − publish in the parent, both on the shared system clock (sub-millisecond).
 * A client is a real WebSocket client until its image arrives; from then on it takes the frames
 * as raw bytes off its socket (arrival = the read that returns the change). On a 2-core machine
 * the 10,000 clients share the server's cores, and decoding every frame in JavaScript as well
 * would measure the harness more than the server; remote browsers decode on their own CPUs.
 * Each count runs first against a bare `ws` server broadcasting the same message (the baseline),
 * then Backlay with the stream in the server process and with BENCH_STREAM_WORKERS (default 2)
 * stream worker processes; Backlay's p99 is printed as a ratio to the baseline's.
 * Run: npx tsx apps/server/bench/stream-fanout.bench.ts [subscriber counts…]   (default 1000 10000)
 */

import { type ChildProcess, fork } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Duplex } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { STREAM_HEARTBEAT_MS, STREAM_PATH } from '@backlay/contract/stream'
import { WebSocket, WebSocketServer } from 'ws'

const now = () => performance.timeOrigin + performance.now()
const MARKER = Buffer.from('"selectionId":"bench-')
const HEARTBEAT_SLICES = 50
/** The goal: Backlay's p99 per delivery at most this many times the raw ws broadcast's, same run. */
const RATIO_GOAL = 1.2
/** Stream workers of the second run: one per core of the 2-core target machine. */
const FANOUT_WORKERS = Number(process.env.BENCH_STREAM_WORKERS ?? 2)

type ToParent =
  | { kind: 'ready'; connected: number }
  | { kind: 'arrivals'; arrivals: number[][] }
  | { kind: 'failed'; error: string }
type ToChild = { kind: 'report' }

/** Child: opens `count` sockets, subscribes each, and records when each change arrives. */
async function runClients(url: string, marketId: string, count: number, changes: number) {
  const send = (m: ToParent) => process.send?.(m)
  // arrivals[change][client], filled as frames arrive
  const arrivals = Array.from({ length: changes }, () => new Array<number>(count).fill(0))
  const sockets: WebSocket[] = []
  // Clients answer for themselves like browsers do, or the server closes them as silent. Each
  // browser beats on its own clock, so the beats arrive spread over the period: one slice of
  // the clients at a time, not all of them at once in a burst no real audience sends.
  const heartbeat = Buffer.from(JSON.stringify({ type: 'heartbeat' }))
  let slice = 0
  const beat = setInterval(
    () => {
      for (let i = slice; i < sockets.length; i += HEARTBEAT_SLICES) {
        const s = sockets[i]
        if (s?.readyState === WebSocket.OPEN) s.send(heartbeat, { binary: false })
      }
      slice = (slice + 1) % HEARTBEAT_SLICES
    },
    STREAM_HEARTBEAT_MS / 2 / HEARTBEAT_SLICES,
  )
  const closes = new Map<number, number>()
  const open = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const socket = new WebSocket(url)
      sockets.push(socket)
      socket.on('error', reject)
      socket.on('close', (code) => closes.set(code, (closes.get(code) ?? 0) + 1))
      socket.on('message', (data) => {
        if (!String(data).includes('"type":"image"')) return
        readRaw(socket, (change, at) => {
          const row = arrivals[change]
          if (row) row[i] = at
        })
        resolve()
      })
      socket.on('open', () => {
        socket.send(JSON.stringify({ type: 'subscribe', market_ids: [marketId] }))
      })
    })
  const BATCH = 250
  try {
    for (let i = 0; i < count; i += BATCH) {
      await Promise.all(Array.from({ length: Math.min(BATCH, count - i) }, (_, j) => open(i + j)))
    }
  } catch (err) {
    send({ kind: 'failed', error: String(err) })
    return
  }
  send({ kind: 'ready', connected: sockets.length })
  process.on('message', (m: ToChild) => {
    if (m.kind !== 'report') return
    clearInterval(beat)
    if (closes.size > 0)
      console.error('clients closed by the server, by code:', Object.fromEntries(closes))
    for (const s of sockets) s.terminate()
    // Exit only once the report is written to the pipe, or the parent may never read it.
    process.send?.({ kind: 'arrivals', arrivals } satisfies ToParent, undefined, {}, () =>
      process.exit(0),
    )
  })
}

/** Takes the socket's bytes away from `ws` and reports each bench change found in them. */
function readRaw(socket: WebSocket, arrived: (change: number, at: number) => void) {
  const raw = (socket as unknown as { _socket: Duplex })._socket
  raw.removeAllListeners('data')
  raw.on('data', (chunk: Buffer) => {
    const at = now()
    for (let k = chunk.indexOf(MARKER); k >= 0; k = chunk.indexOf(MARKER, k + 1)) {
      const digits = chunk.toString('latin1', k + MARKER.length, k + MARKER.length + 8)
      arrived(Number.parseInt(digits, 10), at)
    }
  })
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN

function nextMessage(child: ChildProcess): Promise<ToParent> {
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m as ToParent))
    child.once('exit', (code) => reject(new Error(`client process exited (${code})`)))
  })
}

/** A server the clients subscribe to, and how to publish the bench's k-th change on it. */
interface FanoutServer {
  label: string
  url: string
  marketId: string
  publish: (k: number) => void
  close: () => Promise<void>
}

/** The k-th change, the same message on both servers. */
const change = (marketId: string, k: number) => ({
  type: 'prices',
  market_id: marketId,
  runners: [
    {
      selectionId: `bench-${k}`,
      availableToBack: [{ price: 1.98, oprice: 1.98, size: 100 + k }],
    },
  ],
})

/**
 * Backlay: the real app on PGlite; a change goes through the bus as the books' changes do. With
 * the stream in the server process, the in-process bus hands the change to every socket before
 * publish returns; with workers, publish only hands it to them.
 */
async function backlayServer(workers: number): Promise<FanoutServer> {
  const { buildApp } = await import('../src/app')
  const { loadConfig } = await import('../src/config')
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'backlay-bench-')),
    WEB_DIST: join(tmpdir(), 'backlay-no-web-dist'),
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    FEED_TICK_MS: '0',
    STREAM_WORKERS: String(workers),
  })
  const app = await buildApp(config, { database: { kind: 'pglite', dataDir: null }, logger: false })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const market = await app.db
    .selectFrom('markets')
    .select('id')
    .where('kind', '=', 'MATCH_ODDS')
    .where('status', '<>', 'CLOSED')
    .executeTakeFirstOrThrow()
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no address')
  return {
    label:
      workers > 0 ? `Backlay, ${workers} stream workers` : 'Backlay, stream in the server process',
    url: `ws://127.0.0.1:${address.port}${STREAM_PATH}`,
    marketId: market.id,
    publish: (k) => app.bus.publish(`market:${market.id}`, change(market.id, k)),
    close: () => app.close(),
  }
}

/**
 * The baseline: a bare `ws` server that answers a subscription with an image and broadcasts
 * each change the way its documentation does, `client.send(data)` to every open client.
 */
async function rawWsServer(): Promise<FanoutServer> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' })
  await new Promise((resolve) => wss.once('listening', resolve))
  const marketId = 'raw'
  const image = JSON.stringify({ type: 'image', market_id: marketId, seq: 0 })
  wss.on('connection', (socket) => {
    socket.once('message', () => socket.send(image))
  })
  const address = wss.address()
  if (!address || typeof address === 'string') throw new Error('no address')
  return {
    label: 'raw ws broadcast',
    url: `ws://127.0.0.1:${address.port}`,
    marketId,
    publish: (k) => {
      const data = JSON.stringify({ ...change(marketId, k), seq: k + 1 })
      for (const client of wss.clients) if (client.readyState === WebSocket.OPEN) client.send(data)
    },
    close: () =>
      new Promise((resolve) => {
        for (const client of wss.clients) client.terminate()
        wss.close(() => resolve())
      }),
  }
}

/** Subscribes `subscribers` clients to the server, publishes the changes, prints and returns p99. */
async function measure(server: FanoutServer, subscribers: number, baselineP99?: number) {
  try {
    const changes = subscribers >= 5_000 ? 30 : 50
    const gapMs = Math.max(100, subscribers / 25)
    const child = fork(
      fileURLToPath(import.meta.url),
      ['clients', server.url, server.marketId, String(subscribers), String(changes)],
      { stdio: 'inherit' },
    )
    const setupStart = now()
    const ready = await nextMessage(child)
    if (ready.kind !== 'ready') throw new Error(ready.kind === 'failed' ? ready.error : 'bad reply')
    const setupMs = now() - setupStart

    const published: number[] = []
    const sendLoops: number[] = []
    // The same loop in CPU time: on a machine shared with other work it varies less than the clock.
    const sendLoopsCpu: number[] = []
    for (let k = 0; k < changes; k++) {
      await new Promise((r) => setTimeout(r, gapMs))
      const cpuBefore = process.cpuUsage()
      published[k] = now()
      server.publish(k)
      sendLoops.push(now() - (published[k] ?? 0))
      const cpu = process.cpuUsage(cpuBefore)
      sendLoopsCpu.push((cpu.user + cpu.system) / 1000)
    }
    await new Promise((r) => setTimeout(r, gapMs * 4))
    const reply = nextMessage(child)
    child.send({ kind: 'report' } satisfies ToChild)
    const report = await reply
    if (report.kind !== 'arrivals') throw new Error('bad report')

    const latencies: number[] = []
    const lastArrivals: number[] = []
    let missing = 0
    report.arrivals.forEach((row, k) => {
      let last = 0
      for (const at of row) {
        if (at === 0) {
          missing++
          continue
        }
        const ms = at - (published[k] ?? 0)
        latencies.push(ms)
        last = Math.max(last, ms)
      }
      lastArrivals.push(last)
    })
    latencies.sort((a, b) => a - b)
    sendLoops.sort((a, b) => a - b)
    sendLoopsCpu.sort((a, b) => a - b)
    lastArrivals.sort((a, b) => a - b)
    const f = (n: number) => n.toFixed(1)
    const p99 = quantile(latencies, 0.99)
    const ratio =
      baselineP99 === undefined
        ? ''
        : ` = ${(p99 / baselineP99).toFixed(2)}× the raw ws broadcast (goal ≤ ${RATIO_GOAL}×)`
    console.log(
      `${subscribers} subscribers, ${server.label} (${changes} changes, set-up ${(setupMs / 1000).toFixed(1)} s): ` +
        `per delivery p50 ${f(quantile(latencies, 0.5))} ms, p99 ${f(p99)} ms${ratio}, ` +
        `max ${f(latencies.at(-1) ?? Number.NaN)} ms; ` +
        `last subscriber p50 ${f(quantile(lastArrivals, 0.5))} ms, p99 ${f(quantile(lastArrivals, 0.99))} ms; ` +
        `publish call p50 ${f(quantile(sendLoops, 0.5))} ms, p99 ${f(quantile(sendLoops, 0.99))} ms ` +
        `(CPU p50 ${f(quantile(sendLoopsCpu, 0.5))} ms)` +
        (missing > 0 ? `; ${missing} deliveries MISSING` : ''),
    )
    return p99
  } finally {
    await server.close()
  }
}

if (process.argv[2] === 'clients') {
  const [, , , url, marketId, count, changes] = process.argv
  await runClients(url ?? '', marketId ?? '', Number(count), Number(changes))
} else {
  const counts = process.argv.slice(2).map(Number)
  for (const n of counts.length > 0 ? counts : [1_000, 10_000]) {
    const baseline = await measure(await rawWsServer(), n)
    for (const workers of [0, FANOUT_WORKERS])
      await measure(await backlayServer(workers), n, baseline)
  }
}
